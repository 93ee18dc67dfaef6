import type { CampaignSummary } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import type { Task } from '#contract/tasks';
import { GLOW_LAB } from '#test/brands';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** A valid UUID numbered `n` (version 4 layout), so fixtures are stable and readable. */
export const uuid = (n: number, kind = 0) => `${hex(kind, 8)}-0000-4000-8000-${hex(n, 12)}`;

/** Campaign number `n`, created `n` minutes after the base time (newer = larger n). */
export function makeCampaign(n: number, overrides: Partial<CampaignSummary> = {}): CampaignSummary {
  const created = new Date(Date.UTC(2026, 5, 1, 12, 0) + n * 60_000).toISOString();
  return {
    id: uuid(n, 0xc),
    name: `Campaign ${n}`,
    brand_id: GLOW_LAB.id,
    brand_name: GLOW_LAB.name,
    status: 'active',
    status_detail: null,
    visibility: 'public',
    invite_code: null,
    description: null,
    instructions: null,
    icon_url: null,
    brief_url: null,
    video_examples: [],
    links: [],
    targeting: null,
    product: { name: 'Glow serum', url: null, image_url: null },
    spent_cents: n * 100,
    accepting_submissions: true,
    content_deadline_date: null,
    post_deadline_date: null,
    settings: {
      creator_approval_required: false,
      brand_approval_required: false,
      post_approval_mode: 'moderate',
      completion_mode: 'all_required',
    },
    tasks_count: 1,
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

export function makeTask(n: number, overrides: Partial<Task> = {}): Task {
  const created = new Date(Date.UTC(2026, 5, 1, 12, 0) + n * 60_000).toISOString();
  return {
    id: uuid(n, 0x7),
    title: `Task ${n}`,
    instructions: 'Film the unboxing.',
    platforms: ['tiktok'],
    formats: ['feed_video'],
    caption: null,
    require_ad_disclosure: true,
    tiktok_sound_url: null,
    instagram_sound_url: null,
    video_examples: [],
    image_url: null,
    review_mode: 'media_review',
    autoreview_prompt: null,
    is_required: true,
    max_posts_per_creator: null,
    display_order: n,
    status: 'active',
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

/** `count` campaigns, newest first (the service's order), statuses cycling. */
export function makeCampaigns(count: number, statuses: readonly CampaignStatus[] = ['active']) {
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    return makeCampaign(n, { status: statuses[n % statuses.length]! });
  });
}
