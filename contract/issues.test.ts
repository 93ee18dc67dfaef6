import { describe, expect, it } from 'vitest';
import { CampaignCreate } from './campaigns.ts';
import { fieldIssues, formatIssues, issueIndex, issuesMessage } from './issues.ts';

describe('fieldIssues', () => {
  it('names the field of each problem, and each key of an unknown-keys problem', () => {
    const result = CampaignCreate.safeParse({
      name: 'x',
      spent_cents: 1,
      a: 2,
      tasks: [{ title: 't', instructions: 'i', platforms: [] }],
    });
    expect(fieldIssues(result.error?.issues ?? [])).toEqual([
      { field: 'tasks[0].platforms', message: 'must name at least one platform' },
      { field: 'spent_cents', message: 'unknown field' },
      { field: 'a', message: 'unknown field' },
    ]);
  });

  it('says a missing field is required, and names the whole body when no field is at fault', () => {
    expect(fieldIssues(CampaignCreate.safeParse({}).error?.issues ?? [])).toEqual([
      { field: 'name', message: 'is required' },
    ]);
    expect(fieldIssues(CampaignCreate.safeParse(3).error?.issues ?? [], 'body')[0]?.field).toBe(
      'body',
    );
  });

  it('names the field inside a nullable object (targeting), not the object', () => {
    const result = CampaignCreate.safeParse({
      name: 'x',
      targeting: { root_operator: 'XOR', groups: [] },
    });
    const [issue] = fieldIssues(result.error?.issues ?? []);
    expect(issue?.field).toBe('targeting.root_operator');
  });
});

describe('issuesMessage', () => {
  it('lists each problem field first, at most ten, and counts the rest', () => {
    const issues = Array.from({ length: 12 }, (_, i) => ({ field: `f${i}`, message: 'bad' }));
    const message = issuesMessage(issues);
    expect(message.startsWith('f0: bad; f1: bad')).toBe(true);
    expect(message.endsWith('f9: bad; and 2 more')).toBe(true);
  });

  it('is the message of a zod failure', () => {
    const issues = CampaignCreate.safeParse({ name: '' }).error?.issues ?? [];
    expect(formatIssues(issues)).toBe(issuesMessage(fieldIssues(issues)));
  });
});

describe('issueIndex', () => {
  it('reads the item of a list an issue names, and nothing else', () => {
    expect(issueIndex('usage[3].code', 'usage')).toBe(3);
    expect(issueIndex('usage[12]', 'usage')).toBe(12);
    expect(issueIndex('usages[1].code', 'usage')).toBeNull();
    expect(issueIndex('line 3', 'usage')).toBeNull();
    expect(issueIndex('usage', 'usage')).toBeNull();
  });
});
