import { describe, expect, it } from 'vitest';
import { CampaignCreate } from './campaigns.ts';
import { fieldOfMessage, formatIssues, issueFields } from './issues.ts';

describe('formatIssues', () => {
  it('puts the field first, so a 422 message names it', () => {
    const result = CampaignCreate.safeParse({
      name: 'x',
      spent_cents: 1,
      tasks: [{ title: 't', instructions: 'i', platforms: [] }],
    });
    const message = formatIssues(result.error?.issues ?? []);
    expect(message).toBe(
      'tasks[0].platforms: must name at least one platform; spent_cents: unknown or read-only field',
    );
    expect(fieldOfMessage(message)).toBe('tasks[0].platforms');
  });

  it('names each unknown key of an unknown-keys issue', () => {
    const issues = CampaignCreate.safeParse({ name: 'x', a: 1, b: 2 }).error?.issues ?? [];
    expect(issues.flatMap(issueFields)).toEqual(['a', 'b']);
  });
});

describe('fieldOfMessage', () => {
  it('reads the leading field path of a message, or null', () => {
    expect(fieldOfMessage('tasks[0].title: Too small')).toBe('tasks[0].title');
    expect(fieldOfMessage('content_deadline_date: must be on or before post_deadline_date')).toBe(
      'content_deadline_date',
    );
    expect(fieldOfMessage('campaign is not a draft')).toBeNull();
  });
});
