import type { z } from 'zod';
import { enumOf } from './common.ts';

// Each enumeration is declared by its human labels for the dashboard: the label map's keys are the
// enum's values, in order (see `enumOf`).

export const VISIBILITY_LABELS = {
  public: 'Public',
  unlisted: 'Unlisted',
};
/** `public` appears in creator discovery; `unlisted` is reachable only by access code or direct link. */
export const Visibility = enumOf(VISIBILITY_LABELS).meta({ id: 'Visibility' });
export type Visibility = z.infer<typeof Visibility>;

export const CAMPAIGN_STATUS_LABELS = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};
export const CampaignStatus = enumOf(CAMPAIGN_STATUS_LABELS).meta({ id: 'CampaignStatus' });
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const STATUS_DETAIL_KIND_LABELS = {
  auto_paused: 'Paused automatically',
  publish_denied: 'Publish request denied',
};
export const CampaignStatusDetailKind = enumOf(STATUS_DETAIL_KIND_LABELS).meta({
  id: 'CampaignStatusDetailKind',
});
export type CampaignStatusDetailKind = z.infer<typeof CampaignStatusDetailKind>;

export const AUTO_PAUSE_REASON_LABELS = {
  billing_issue: 'Billing issue',
  other: 'Other',
};
/** The `reason` of an `auto_paused` status detail. */
export const AutoPauseReason = enumOf(AUTO_PAUSE_REASON_LABELS).meta({ id: 'AutoPauseReason' });
export type AutoPauseReason = z.infer<typeof AutoPauseReason>;

export const COMPLETION_MODE_LABELS = {
  all_required: 'Every task',
  pick_one: 'Exactly one task',
  all_optional: 'Any tasks',
  some_required: 'Required tasks only',
};
export const CompletionMode = enumOf(COMPLETION_MODE_LABELS).meta({ id: 'CompletionMode' });
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
export const PostApprovalMode = enumOf(POST_APPROVAL_MODE_LABELS).meta({ id: 'PostApprovalMode' });
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
export const Platform = enumOf(PLATFORM_LABELS).meta({ id: 'Platform' });
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
export const Format = enumOf(FORMAT_LABELS).meta({ id: 'Format' });
export type Format = z.infer<typeof Format>;

export const REVIEW_MODE_LABELS = {
  media_review: 'Manual review',
  autoreview: 'Automatic review',
};
/** `media_review`: the buyer reviews each submission; `autoreview`: an AI check against `autoreview_prompt` first. */
export const ReviewMode = enumOf(REVIEW_MODE_LABELS).meta({ id: 'ReviewMode' });
export type ReviewMode = z.infer<typeof ReviewMode>;

export const TASK_STATUS_LABELS = {
  active: 'Active',
  archived: 'Archived',
};
export const TaskStatus = enumOf(TASK_STATUS_LABELS).meta({ id: 'TaskStatus' });
export type TaskStatus = z.infer<typeof TaskStatus>;

export const SUBMISSION_STATUS_LABELS = {
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Changes requested',
  failed: 'Failed',
  post_deleted: 'Post deleted',
};
export const SubmissionStatus = enumOf(SUBMISSION_STATUS_LABELS).meta({ id: 'SubmissionStatus' });
export type SubmissionStatus = z.infer<typeof SubmissionStatus>;

export const MEDIA_TYPE_LABELS = {
  video: 'Video',
  carousel: 'Carousel',
};
export const MediaType = enumOf(MEDIA_TYPE_LABELS).meta({ id: 'MediaType' });
export type MediaType = z.infer<typeof MediaType>;

export const POST_STATUS_LABELS = {
  live: 'Live',
  deleted: 'Deleted',
};
export const PostStatus = enumOf(POST_STATUS_LABELS).meta({ id: 'PostStatus' });
export type PostStatus = z.infer<typeof PostStatus>;

export const CREATOR_STATUS_LABELS = {
  applied: 'Applied',
  approved: 'Approved',
  rejected: 'Rejected',
};
/** Status of a creator's application to a campaign. */
export const CreatorStatus = enumOf(CREATOR_STATUS_LABELS).meta({ id: 'CreatorStatus' });
export type CreatorStatus = z.infer<typeof CreatorStatus>;

export const GROUP_BY_LABELS = {
  task: 'Task',
  platform: 'Platform',
};
/** How the metrics report breaks performance down. */
export const GroupBy = enumOf(GROUP_BY_LABELS).meta({ id: 'GroupBy' });
export type GroupBy = z.infer<typeof GroupBy>;
