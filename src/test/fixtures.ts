import type { CampaignSummary } from '#contract/campaigns';
import { campaignWithoutContent } from '#contract/fixtures';
import { TASK_DEFAULTS, type Task } from '#contract/tasks';
import { GLOW_LAB } from './brands';

// Campaigns and tasks as the service sends them, for tests of pure functions and components.
// Tests that talk to the service make theirs through `realService().world` instead.

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** A valid UUID numbered `n` (version 4 layout), so fixtures are stable and readable. */
export const uuid = (n: number, kind = 0) => `${hex(kind, 8)}-0000-4000-8000-${hex(n, 12)}`;

/** The base time plus `n` minutes: a fixture numbered higher was made later. */
const createdAt = (n: number) => new Date(Date.UTC(2026, 5, 1, 12, 0) + n * 60_000).toISOString();

/** Campaign number `n` of Glow Lab, active, created `n` minutes after the base time. */
export function makeCampaign(n: number, overrides: Partial<CampaignSummary> = {}): CampaignSummary {
  const created = createdAt(n);
  return {
    id: uuid(n, 0xc),
    name: `Campaign ${n}`,
    brand_id: GLOW_LAB.id,
    brand_name: GLOW_LAB.name,
    status: 'active',
    ...campaignWithoutContent(),
    product: { name: 'Glow serum', url: null, image_url: null },
    spent_cents: n * 100,
    accepting_submissions: true,
    tasks_count: 1,
    creators_waiting: 0,
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

/** Task number `n`, an active required TikTok video, created `n` minutes after the base time. */
export function makeTask(n: number, overrides: Partial<Task> = {}): Task {
  const created = createdAt(n);
  return {
    ...TASK_DEFAULTS,
    id: uuid(n, 0x7),
    title: `Task ${n}`,
    instructions: 'Film the unboxing.',
    platforms: ['tiktok'],
    formats: ['feed_video'],
    is_required: true,
    display_order: n,
    status: 'active',
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}
