import { describe, expect, it } from 'vitest';
import { allowedCommands, describeStatusDetail } from './campaign-status';

describe('campaign status', () => {
  it('allows the commands of the status, and only viewing without the write scope', () => {
    expect(allowedCommands('draft', true)).toEqual(['edit', 'publish', 'delete']);
    expect(allowedCommands('pending_approval', true)).toEqual(['withdraw']);
    expect(allowedCommands('pending_approval', false)).toEqual(['view']);
    expect(allowedCommands('active', true)).toEqual(['edit', 'pause']);
    expect(allowedCommands('paused', true)).toEqual(['edit', 'resume']);
    expect(allowedCommands('completed', true)).toEqual(['view']);
    expect(allowedCommands('draft', false)).toEqual(['view']);
  });

  it('explains the status detail in words', () => {
    const at = '2026-06-02T10:00:00Z';
    expect(describeStatusDetail(null)).toBeNull();
    expect(
      describeStatusDetail({
        kind: 'publish_denied',
        reason: 'Names a competitor.',
        occurred_at: at,
      }),
    ).toBe('Publish denied: Names a competitor.');
    expect(describeStatusDetail({ kind: 'publish_denied', reason: ' ', occurred_at: at })).toBe(
      'Publish denied',
    );
    expect(
      describeStatusDetail({ kind: 'auto_paused', reason: 'billing_issue', occurred_at: at }),
    ).toBe('Auto-paused: billing issue');
    expect(describeStatusDetail({ kind: 'auto_paused', reason: 'other', occurred_at: at })).toBe(
      'Auto-paused: other reason',
    );
    expect(
      describeStatusDetail({ kind: 'auto_paused', reason: 'fraud_check', occurred_at: at }),
    ).toBe('Auto-paused: fraud_check');
  });
});
