import { describe, expect, it } from 'vitest';
import {
  ALL_AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  AUDIT_TARGET_TYPES,
  isAuditAction,
} from './audit.ts';

describe('the audit vocabulary', () => {
  it('names every action once, as <target type>.<action>', () => {
    expect(new Set(ALL_AUDIT_ACTIONS).size).toBe(ALL_AUDIT_ACTIONS.length);
    for (const action of ALL_AUDIT_ACTIONS)
      expect(AUDIT_TARGET_TYPES).toContain(action.slice(0, action.indexOf('.')));
  });

  it('tells its actions from others', () => {
    expect(isAuditAction('campaign.publish_requested')).toBe(true);
    expect(isAuditAction('campaign.active')).toBe(false);
    expect(isAuditAction('submission.*')).toBe(false);
  });

  it('labels only actions it has, each with distinct words', () => {
    const labelled = Object.keys(AUDIT_ACTION_LABELS);
    expect(labelled.filter((a) => !isAuditAction(a))).toEqual([]);
    const words = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(words).size).toBe(words.length);
  });
});
