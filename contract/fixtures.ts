import { CAMPAIGN_SETTINGS_DEFAULTS, type CampaignSummary } from './campaigns.ts';

/**
 * For tests (the contract's, the service's and the dashboard's): the fields of a campaign answer
 * when none of its optional content, deadlines or settings were given, as a new draft has them.
 */
export function campaignWithoutContent() {
  return {
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
    content_deadline_date: null,
    post_deadline_date: null,
    settings: { ...CAMPAIGN_SETTINGS_DEFAULTS },
  } satisfies Partial<CampaignSummary>;
}
