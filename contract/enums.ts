import { z } from 'zod';

/** `public` appears in creator discovery; `unlisted` is reachable only by access code or direct link. */
export const Visibility = z.enum(['public', 'unlisted']).meta({ id: 'Visibility' });
export type Visibility = z.infer<typeof Visibility>;

export const CampaignStatus = z
  .enum(['draft', 'pending_approval', 'active', 'paused', 'completed'])
  .meta({ id: 'CampaignStatus' });
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const CampaignStatusDetailKind = z
  .enum(['auto_paused', 'publish_denied'])
  .meta({ id: 'CampaignStatusDetailKind' });
export type CampaignStatusDetailKind = z.infer<typeof CampaignStatusDetailKind>;

/** The `reason` of an `auto_paused` status detail. */
export const AutoPauseReason = z.enum(['billing_issue', 'other']).meta({ id: 'AutoPauseReason' });
export type AutoPauseReason = z.infer<typeof AutoPauseReason>;

export const CompletionMode = z
  .enum(['all_required', 'pick_one', 'all_optional', 'some_required'])
  .meta({ id: 'CompletionMode' });
export type CompletionMode = z.infer<typeof CompletionMode>;

/** `strict`, `moderate` and `lenient` tune the review bar; `always` approves every submission on arrival. */
export const PostApprovalMode = z
  .enum(['strict', 'moderate', 'lenient', 'always'])
  .meta({ id: 'PostApprovalMode' });
export type PostApprovalMode = z.infer<typeof PostApprovalMode>;

export const Platform = z
  .enum(['tiktok', 'instagram', 'youtube', 'snapchat'])
  .meta({ id: 'Platform' });
export type Platform = z.infer<typeof Platform>;

export const Format = z
  .enum([
    'feed_video',
    'feed_images',
    'feed_video_ugc',
    'feed_video_music',
    'feed_images_music',
    'story_video',
    'story_images',
  ])
  .meta({ id: 'Format' });
export type Format = z.infer<typeof Format>;

/** `media_review`: the buyer reviews each submission; `autoreview`: an AI check against `autoreview_prompt` first. */
export const ReviewMode = z.enum(['media_review', 'autoreview']).meta({ id: 'ReviewMode' });
export type ReviewMode = z.infer<typeof ReviewMode>;

export const TaskStatus = z.enum(['active', 'archived']).meta({ id: 'TaskStatus' });
export type TaskStatus = z.infer<typeof TaskStatus>;

export const SubmissionStatus = z
  .enum(['in_review', 'approved', 'rejected', 'failed', 'post_deleted'])
  .meta({ id: 'SubmissionStatus' });
export type SubmissionStatus = z.infer<typeof SubmissionStatus>;

export const MediaType = z.enum(['video', 'carousel']).meta({ id: 'MediaType' });
export type MediaType = z.infer<typeof MediaType>;

export const PostStatus = z.enum(['live', 'deleted']).meta({ id: 'PostStatus' });
export type PostStatus = z.infer<typeof PostStatus>;

/** Status of a creator's application to a campaign. */
export const CreatorStatus = z
  .enum(['applied', 'approved', 'rejected'])
  .meta({ id: 'CreatorStatus' });
export type CreatorStatus = z.infer<typeof CreatorStatus>;

/** How the metrics report breaks performance down. */
export const GroupBy = z.enum(['task', 'platform']).meta({ id: 'GroupBy' });
export type GroupBy = z.infer<typeof GroupBy>;

/** Human labels for the dashboard. */
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
};

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};

export const STATUS_DETAIL_KIND_LABELS: Record<CampaignStatusDetailKind, string> = {
  auto_paused: 'Paused automatically',
  publish_denied: 'Publish request denied',
};

export const AUTO_PAUSE_REASON_LABELS: Record<AutoPauseReason, string> = {
  billing_issue: 'Billing issue',
  other: 'Other',
};

export const COMPLETION_MODE_LABELS: Record<CompletionMode, string> = {
  all_required: 'Every task',
  pick_one: 'Exactly one task',
  all_optional: 'Any tasks',
  some_required: 'Required tasks only',
};

/** One-sentence explanations of each completion mode, for the campaign builder. */
export const COMPLETION_MODE_DESCRIPTIONS: Record<CompletionMode, string> = {
  all_required: 'Creators must complete every task.',
  pick_one: 'Creators commit to exactly one task.',
  all_optional: 'Creators may complete any subset of the tasks.',
  some_required: 'Each task says whether it is required.',
};

export const POST_APPROVAL_MODE_LABELS: Record<PostApprovalMode, string> = {
  strict: 'Strict',
  moderate: 'Moderate',
  lenient: 'Lenient',
  always: 'Always approve',
};

/** One-sentence explanations of each post approval mode, for the campaign builder. */
export const POST_APPROVAL_MODE_DESCRIPTIONS: Record<PostApprovalMode, string> = {
  strict:
    'Any failed media check or warning (e.g. landscape video for a story) fails the submission before review.',
  moderate:
    'Failed media checks fail the submission; warnings reach your review queue for you to judge.',
  lenient: 'Only unplayable media fails; other problems reach your queue as warnings.',
  always: 'Playable media is approved on arrival without manual review; unplayable media fails.',
};

export const PLATFORM_LABELS: Record<Platform, string> = {
  tiktok: 'TikTok',
  instagram: 'Instagram',
  youtube: 'YouTube',
  snapchat: 'Snapchat',
};

export const FORMAT_LABELS: Record<Format, string> = {
  feed_video: 'Feed video',
  feed_images: 'Feed images',
  feed_video_ugc: 'Feed video (UGC)',
  feed_video_music: 'Feed video with music',
  feed_images_music: 'Feed images with music',
  story_video: 'Story video',
  story_images: 'Story images',
};

export const REVIEW_MODE_LABELS: Record<ReviewMode, string> = {
  media_review: 'Manual review',
  autoreview: 'Automatic review',
};

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  active: 'Active',
  archived: 'Archived',
};

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Changes requested',
  failed: 'Failed',
  post_deleted: 'Post deleted',
};

export const MEDIA_TYPE_LABELS: Record<MediaType, string> = {
  video: 'Video',
  carousel: 'Carousel',
};

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  live: 'Live',
  deleted: 'Deleted',
};

export const CREATOR_STATUS_LABELS: Record<CreatorStatus, string> = {
  applied: 'Applied',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const GROUP_BY_LABELS: Record<GroupBy, string> = {
  task: 'Task',
  platform: 'Platform',
};
