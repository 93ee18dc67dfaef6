import type { z } from 'zod';
import { enumOf } from './common.ts';

// Each enumeration is declared by its human labels for the dashboard: the label map's keys are the
// enum's values, in order (see `enumOf`).

export const VISIBILITY_LABELS = {
  public: 'Public',
  unlisted: 'Unlisted',
};
/** `public` appears in creator discovery; `unlisted` is reachable only by access code or direct link. */
export const Visibility = enumOf(VISIBILITY_LABELS).meta({
  id: 'Visibility',
  description:
    'Who can find a campaign: public appears in creator discovery; unlisted is reachable only by its access code or a direct link.',
});
export type Visibility = z.infer<typeof Visibility>;

export const CAMPAIGN_STATUS_LABELS = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};
export const CampaignStatus = enumOf(CAMPAIGN_STATUS_LABELS).meta({
  id: 'CampaignStatus',
  description:
    "A campaign's state: draft, pending_approval (after publish, until the platform's review), active, paused or completed (docs/api.md#campaign-states).",
});
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const STATUS_DETAIL_KIND_LABELS = {
  auto_paused: 'Paused automatically',
  publish_denied: 'Publish request denied',
};
export const CampaignStatusDetailKind = enumOf(STATUS_DETAIL_KIND_LABELS).meta({
  id: 'CampaignStatusDetailKind',
  description:
    "What a status detail explains: auto_paused (paused by billing or another trigger) or publish_denied (the platform's review denied the publish request).",
});
export type CampaignStatusDetailKind = z.infer<typeof CampaignStatusDetailKind>;

export const AUTO_PAUSE_REASON_LABELS = {
  billing_issue: 'Billing issue',
  other: 'Other',
};
/** The `reason` of an `auto_paused` status detail. */
export const AutoPauseReason = enumOf(AUTO_PAUSE_REASON_LABELS).meta({
  id: 'AutoPauseReason',
  description: 'Why a campaign was paused automatically: billing_issue or other.',
});
export type AutoPauseReason = z.infer<typeof AutoPauseReason>;

export const COMPLETION_MODE_LABELS = {
  all_required: 'Every task',
  pick_one: 'Exactly one task',
  all_optional: 'Any tasks',
  some_required: 'Required tasks only',
};
export const CompletionMode = enumOf(COMPLETION_MODE_LABELS).meta({
  id: 'CompletionMode',
  description:
    'Which tasks a creator must complete: all_required (every task), pick_one (exactly one), all_optional (any subset) or some_required (each task says whether it is required).',
});
export type CompletionMode = z.infer<typeof CompletionMode>;

/** One-sentence explanations of each completion mode, for the campaign builder. */
export const COMPLETION_MODE_DESCRIPTIONS: Record<CompletionMode, string> = {
  all_required: 'Creators must complete every task.',
  pick_one: 'Creators commit to exactly one task.',
  all_optional: 'Creators may complete any subset of the tasks.',
  some_required: 'Each task says whether it is required.',
};

export const POST_APPROVAL_MODE_LABELS = {
  strict: 'Strict',
  moderate: 'Moderate',
  lenient: 'Lenient',
  always: 'Always approve',
};
/** `strict`, `moderate` and `lenient` tune the review bar; `always` approves every submission on arrival. */
export const PostApprovalMode = enumOf(POST_APPROVAL_MODE_LABELS).meta({
  id: 'PostApprovalMode',
  description:
    'The review bar media inspection applies to a submission: strict, moderate and lenient tune what fails or reaches review with a warning; always approves playable media on arrival.',
});
export type PostApprovalMode = z.infer<typeof PostApprovalMode>;

/** One-sentence explanations of each post approval mode, for the campaign builder. */
export const POST_APPROVAL_MODE_DESCRIPTIONS: Record<PostApprovalMode, string> = {
  strict:
    'Any failed media check or warning (e.g. landscape video for a story) fails the submission before review.',
  moderate:
    'Failed media checks fail the submission; warnings reach your review queue for you to judge.',
  lenient: 'Only unplayable media fails; other problems reach your queue as warnings.',
  always: 'Playable media is approved on arrival without manual review; unplayable media fails.',
};

export const PLATFORM_LABELS = {
  tiktok: 'TikTok',
  instagram: 'Instagram',
  youtube: 'YouTube',
  snapchat: 'Snapchat',
};
export const Platform = enumOf(PLATFORM_LABELS).meta({
  id: 'Platform',
  description: 'A social platform content is posted on.',
});
export type Platform = z.infer<typeof Platform>;

export const FORMAT_LABELS = {
  feed_video: 'Feed video',
  feed_images: 'Feed images',
  feed_video_ugc: 'Feed video (UGC)',
  feed_video_music: 'Feed video with music',
  feed_images_music: 'Feed images with music',
  story_video: 'Story video',
  story_images: 'Story images',
};
export const Format = enumOf(FORMAT_LABELS).meta({
  id: 'Format',
  description:
    'A kind of content a task asks for (feed or story, video or images, with music or UGC).',
});
export type Format = z.infer<typeof Format>;

export const REVIEW_MODE_LABELS = {
  media_review: 'Manual review',
  autoreview: 'Automatic review',
};
/** `media_review`: the buyer reviews each submission; `autoreview`: an AI check against `autoreview_prompt` first. */
export const ReviewMode = enumOf(REVIEW_MODE_LABELS).meta({
  id: 'ReviewMode',
  description:
    "How a task's submissions are reviewed: media_review (the buyer reviews each) or autoreview (an AI check against autoreview_prompt first).",
});
export type ReviewMode = z.infer<typeof ReviewMode>;

export const TASK_STATUS_LABELS = {
  active: 'Active',
  archived: 'Archived',
};
export const TaskStatus = enumOf(TASK_STATUS_LABELS).meta({
  id: 'TaskStatus',
  description: "A task's state: active (accepts new work) or archived.",
});
export type TaskStatus = z.infer<typeof TaskStatus>;

export const SUBMISSION_STATUS_LABELS = {
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Changes requested',
  failed: 'Failed',
  post_deleted: 'Post deleted',
};
export const SubmissionStatus = enumOf(SUBMISSION_STATUS_LABELS).meta({
  id: 'SubmissionStatus',
  description:
    "A submission's state: in_review, approved, rejected (changes requested), failed (the media could not be processed) or post_deleted (its post was taken down).",
});
export type SubmissionStatus = z.infer<typeof SubmissionStatus>;

export const MEDIA_TYPE_LABELS = {
  video: 'Video',
  carousel: 'Carousel',
};
export const MediaType = enumOf(MEDIA_TYPE_LABELS).meta({
  id: 'MediaType',
  description: 'What a submission holds: a video or a carousel of images.',
});
export type MediaType = z.infer<typeof MediaType>;

export const POST_STATUS_LABELS = {
  live: 'Live',
  deleted: 'Deleted',
};
export const PostStatus = enumOf(POST_STATUS_LABELS).meta({
  id: 'PostStatus',
  description: "A post's state: live, or deleted once taken down.",
});
export type PostStatus = z.infer<typeof PostStatus>;

export const CREATOR_STATUS_LABELS = {
  applied: 'Applied',
  approved: 'Approved',
  rejected: 'Rejected',
};
/** Status of a creator's application to a campaign. */
export const CreatorStatus = enumOf(CREATOR_STATUS_LABELS).meta({
  id: 'CreatorStatus',
  description: "The state of a creator's application to a campaign: applied, approved or rejected.",
});
export type CreatorStatus = z.infer<typeof CreatorStatus>;

export const GROUP_BY_LABELS = {
  task: 'Task',
  platform: 'Platform',
  day: 'Day posted',
};
/** How the metrics report breaks performance down. */
export const GroupBy = enumOf(GROUP_BY_LABELS).meta({
  id: 'GroupBy',
  description:
    'How the metrics report breaks performance down: by task, by platform, or by the day each live post was posted (in time_zone).',
});
export type GroupBy = z.infer<typeof GroupBy>;

export const CAMPAIGN_SORT_LABELS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
  name_desc: 'Name (Z–A)',
  spent: 'Highest spend',
  deadline: 'Content deadline (soonest)',
  creators_waiting: 'Most applicants waiting',
};
/** The orders of the campaign list (docs/api.md#campaign-list). */
export const CampaignSort = enumOf(CAMPAIGN_SORT_LABELS).meta({
  id: 'CampaignSort',
  description:
    'The order of GET /campaigns: newest or oldest created first, name A–Z or Z–A (without case), highest spent_cents first, soonest content_deadline_date first (none last), or most creators_waiting first; ties by id.',
});
export type CampaignSort = z.infer<typeof CampaignSort>;
