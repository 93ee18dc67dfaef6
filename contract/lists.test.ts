import { describe, expect, it } from 'vitest';
import { CodeGroupListQuery, CodeListQuery } from './codes.ts';
import { CreatorListQuery, CreatorReject } from './creators.ts';
import { emptyFunnel } from './fixtures.ts';
import { MetricsQuery, MetricsReport, effectiveCpmCents, engagementRate } from './metrics.ts';
import { EngagementMetrics, PostListQuery } from './posts.ts';
import { SubmissionListQuery, SubmissionReject } from './submissions.ts';

const UUID = '0b9e8f3a-6c5d-4e7f-9a1b-2c3d4e5f6a7b';

describe('list queries', () => {
  it('all default limit to 25 and refuse unknown parameters', () => {
    for (const query of [
      SubmissionListQuery,
      PostListQuery,
      CreatorListQuery,
      CodeListQuery,
      CodeGroupListQuery,
    ]) {
      expect(query.parse({})).toEqual({ limit: 25 });
      expect(query.safeParse({ limit: '0' }).success).toBe(false);
      expect(query.safeParse({ limit: '100' }).success).toBe(true);
      expect(query.safeParse({ order: 'asc' }).success).toBe(false);
    }
  });

  it('SubmissionListQuery takes a repeatable status, task_id and creator_id', () => {
    expect(
      SubmissionListQuery.parse({ status: 'in_review', task_id: UUID, creator_id: 'cr_1' }),
    ).toEqual({
      status: ['in_review'],
      task_id: UUID,
      creator_id: 'cr_1',
      limit: 25,
    });
    expect(SubmissionListQuery.parse({ status: ['approved', 'rejected'] }).status).toEqual([
      'approved',
      'rejected',
    ]);
    expect(SubmissionListQuery.safeParse({ status: 'pending' }).success).toBe(false);
    expect(SubmissionListQuery.safeParse({ task_id: 'task-1' }).success).toBe(false);
  });

  it('PostListQuery takes every filter of the interface', () => {
    const query = {
      status: 'live',
      creator_id: 'cr_1',
      task_id: UUID,
      platform: 'instagram',
      posted_after: '2026-07-01T00:00:00Z',
      posted_before: '2026-08-01T00:00:00Z',
      limit: '10',
      starting_after: 'abc',
    };
    expect(PostListQuery.parse(query)).toEqual({ ...query, limit: 10 });
    expect(PostListQuery.safeParse({ status: ['live', 'deleted'] }).success).toBe(false);
    expect(PostListQuery.safeParse({ platform: 'facebook' }).success).toBe(false);
  });

  it('CreatorListQuery filters by application status', () => {
    expect(CreatorListQuery.parse({ status: 'applied' }).status).toBe('applied');
    expect(CreatorListQuery.safeParse({ status: 'invited' }).success).toBe(false);
  });

  it('CodeListQuery reads assigned as a boolean and code as a list', () => {
    expect(CodeListQuery.parse({ assigned: 'true', code: 'SAVE10' })).toEqual({
      assigned: true,
      code: ['SAVE10'],
      limit: 25,
    });
    expect(CodeListQuery.parse({ assigned: 'false', code: ['A', 'B'] })).toEqual({
      assigned: false,
      code: ['A', 'B'],
      limit: 25,
    });
    expect(CodeListQuery.safeParse({ assigned: 'yes' }).success).toBe(false);
    expect(CodeListQuery.safeParse({ code: 'not a code' }).success).toBe(false);
  });

  it('MetricsQuery takes group_by task, platform or day, in a time zone (UTC by default)', () => {
    expect(MetricsQuery.parse({})).toEqual({ time_zone: 'UTC' });
    expect(MetricsQuery.parse({ group_by: 'platform' })).toEqual({
      group_by: 'platform',
      time_zone: 'UTC',
    });
    expect(MetricsQuery.safeParse({ group_by: 'creator' }).success).toBe(false);
  });
});

describe('optional bodies', () => {
  it('SubmissionReject and CreatorReject accept an empty body or a non-blank text', () => {
    expect(SubmissionReject.parse({})).toEqual({});
    expect(SubmissionReject.parse({ feedback: ' Show the label ' })).toEqual({
      feedback: 'Show the label',
    });
    expect(SubmissionReject.safeParse({ feedback: '  ' }).success).toBe(false);
    expect(SubmissionReject.safeParse({ reason: 'x' }).success).toBe(false);
    expect(CreatorReject.parse({ reason: 'Audience mismatch' })).toEqual({
      reason: 'Audience mismatch',
    });
    expect(CreatorReject.safeParse({ feedback: 'x' }).success).toBe(false);
  });
});

describe('metrics', () => {
  it('EngagementMetrics refuses negative and fractional counts', () => {
    expect(
      EngagementMetrics.safeParse({
        views: -1,
        likes: 0.5,
        comments: 0,
        shares: 0,
        saves: 0,
      }).error?.issues.map((i) => i.path),
    ).toEqual([['views'], ['likes']]);
  });

  it('computes engagement rate and effective CPM, 0 without views', () => {
    expect(engagementRate({ views: 1000, likes: 50, comments: 20, shares: 20, saves: 10 })).toBe(
      0.1,
    );
    expect(engagementRate({ views: 0, likes: 5, comments: 0, shares: 0, saves: 0 })).toBe(0);
    expect(effectiveCpmCents(12_345, 10_000)).toBe(1235);
    expect(effectiveCpmCents(500, 0)).toBe(0);
  });

  it('MetricsReport has groups only when asked', () => {
    const zero = { views: 0, likes: 0, comments: 0, shares: 0, saves: 0 };
    const report = {
      campaign_id: UUID,
      funnel: emptyFunnel(),
      performance: { ...zero, engagement_rate: 0 },
      spend: { spent_cents: 0, effective_cpm_cents: 0 },
      as_of: '2026-07-01T10:00:00.000Z',
    };
    expect(MetricsReport.parse(report)).toEqual(report);
    const grouped = {
      ...report,
      groups: [{ group_key: 'tiktok', group_label: 'TikTok', posts: 0, performance: zero }],
    };
    expect(MetricsReport.parse(grouped).groups).toHaveLength(1);
  });
});
