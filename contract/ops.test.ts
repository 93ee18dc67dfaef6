import { describe, expect, it } from 'vitest';
import {
  OpsCampaignCreate,
  OpsCampaignReview,
  OpsCreatorCreate,
  OpsMetricsUpdate,
  OpsPayoutCreate,
  OpsPostCreate,
  OpsSubmissionCreate,
} from './ops.ts';

const BRAND = '7d0f4a5e-1c2b-4c3d-8e9f-0a1b2c3d4e5f';
const UUID = '0b9e8f3a-6c5d-4e7f-9a1b-2c3d4e5f6a7b';

describe('ops bodies', () => {
  it('OpsCampaignCreate needs brand_id and keeps the creation rules', () => {
    expect(OpsCampaignCreate.parse({ name: 'x', brand_id: BRAND, weekly_video_cap: 3 })).toEqual({
      name: 'x',
      brand_id: BRAND,
      weekly_video_cap: 3,
    });
    expect(OpsCampaignCreate.safeParse({ name: 'x' }).error?.issues.map((i) => i.path)).toEqual([
      ['brand_id'],
    ]);
    expect(
      OpsCampaignCreate.safeParse({ name: 'x', brand_id: BRAND, weekly_video_cap: 0 }).success,
    ).toBe(false);
    const late = OpsCampaignCreate.safeParse({
      name: 'x',
      brand_id: BRAND,
      content_deadline_date: '2026-09-02',
      post_deadline_date: '2026-09-01',
    });
    expect(late.error?.issues.map((i) => i.path)).toEqual([['content_deadline_date']]);
  });

  it('OpsCampaignReview takes a decision and an optional non-blank reason', () => {
    expect(OpsCampaignReview.parse({ decision: 'approved' })).toEqual({ decision: 'approved' });
    expect(OpsCampaignReview.parse({ decision: 'denied', reason: 'No disclosure' }).reason).toBe(
      'No disclosure',
    );
    expect(OpsCampaignReview.safeParse({ decision: 'denied', reason: ' ' }).success).toBe(false);
    expect(OpsCampaignReview.safeParse({ decision: 'maybe' }).success).toBe(false);
  });

  it('OpsCreatorCreate takes a username and property values', () => {
    expect(
      OpsCreatorCreate.parse({
        username: 'ana.b',
        properties: { country: 'us', followers: 12000 },
      }),
    ).toEqual({
      username: 'ana.b',
      properties: { country: 'us', followers: 12000 },
    });
    expect(OpsCreatorCreate.safeParse({ username: 'has space' }).success).toBe(false);
  });

  it('OpsSubmissionCreate and OpsPostCreate refuse non-http media', () => {
    const submission = {
      creator_id: 'cr_1',
      task_id: UUID,
      media_type: 'video',
      media_url: 'https://cdn.example.com/v.mp4',
    };
    expect(OpsSubmissionCreate.parse(submission)).toEqual(submission);
    expect(
      OpsSubmissionCreate.safeParse({ ...submission, media_url: 'javascript:alert(1)' }).success,
    ).toBe(false);
    expect(OpsPostCreate.safeParse({ platform: 'tiktok', url: 'data:text/plain,hi' }).success).toBe(
      false,
    );
    expect(
      OpsPostCreate.parse({ platform: 'tiktok', url: 'https://tiktok.com/@a/video/1' }).platform,
    ).toBe('tiktok');
  });

  it('OpsMetricsUpdate needs all five non-negative totals', () => {
    const totals = { views: 10, likes: 1, comments: 0, shares: 0, saves: 0 };
    expect(OpsMetricsUpdate.parse(totals)).toEqual(totals);
    expect(OpsMetricsUpdate.safeParse({ ...totals, views: -1 }).success).toBe(false);
    expect(OpsMetricsUpdate.safeParse({ views: 10 }).success).toBe(false);
  });

  it('OpsPayoutCreate pays a positive whole number of cents', () => {
    expect(
      OpsPayoutCreate.safeParse({ campaign_id: UUID, creator_id: 'cr_1', amount_cents: 500 })
        .success,
    ).toBe(true);
    expect(
      OpsPayoutCreate.safeParse({ campaign_id: UUID, creator_id: 'cr_1', amount_cents: 0 }).success,
    ).toBe(false);
    expect(
      OpsPayoutCreate.safeParse({ campaign_id: UUID, creator_id: 'cr_1', amount_cents: 1.5 })
        .success,
    ).toBe(false);
  });
});
