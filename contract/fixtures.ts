import { CAMPAIGN_SETTINGS_DEFAULTS, type CampaignSummary } from './campaigns.ts';
import type { MetricsReport } from './metrics.ts';

/**
 * For tests (the contract's, the service's and the dashboard's): the fields of a campaign answer
 * when none of its optional content, deadlines or settings were given, as a new draft has them.
 */
export function campaignWithoutContent() {
  return {
    status_detail: null,
    publish_requested_at: null,
    visibility: 'public',
    invite_code: null,
    description: null,
    instructions: null,
    icon_url: null,
    brief_url: null,
    video_examples: [],
    links: [],
    targeting: null,
    content_deadline_date: null,
    post_deadline_date: null,
    settings: { ...CAMPAIGN_SETTINGS_DEFAULTS },
  } satisfies Partial<CampaignSummary>;
}

/** For tests: the funnel of a campaign with no creators, submissions or posts yet. */
export function emptyFunnel() {
  return {
    creators_applied: 0,
    creators_approved: 0,
    submissions_in_review: 0,
    submissions_approved: 0,
    posts: 0,
  } satisfies MetricsReport['funnel'];
}
