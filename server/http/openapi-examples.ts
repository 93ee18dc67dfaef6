import type {
  Campaign,
  CampaignCreate,
  CampaignSummary,
  CampaignUpdate,
  PublishReviewSummary,
} from '#contract/campaigns';
import type {
  CodeGroup,
  CodesAdd,
  CodeUsageUpdate,
  DiscountCode,
  UsageReport,
} from '#contract/codes';
import type { CampaignCreator } from '#contract/creators';
import type { LiveEvent } from '#contract/events';
import { emptyFunnel } from '#contract/fixtures';
import type { Me } from '#contract/me';
import type { CampaignsMetrics, MetricsHistory, MetricsReport } from '#contract/metrics';
import type {
  OpsApplicationCreate,
  OpsCampaignCreate,
  OpsCodeAssign,
  OpsCodeGroupCreate,
  OpsCreator,
  OpsCreatorCreate,
  OpsKeyCreate,
  OpsKeyCreated,
  OpsMetricsUpdate,
  OpsPayout,
  OpsPostCreate,
  OpsSubmissionCreate,
  OpsTargetingPropertyCreate,
} from '#contract/ops';
import type {
  AuditEvent,
  InvitationCreated,
  InvitationPage,
  InvitationRevoked,
  KeyCreated,
  KeySummary,
  Member,
  MemberSummary,
  Session,
} from '#contract/people';
import { ZERO_METRICS, type EngagementMetrics, type Post } from '#contract/posts';
import type {
  QueueCounts,
  QueuedSubmission,
  Submission,
  SubmissionReject,
  SubmissionRevision,
} from '#contract/submissions';
import type { TargetingPropertyList } from '#contract/targeting';
import { TASK_DEFAULTS, type Task, type TaskCreate } from '#contract/tasks';
import type { UsageReportRecord } from '#contract/usage-reports';
import type { PayoutEntryPage, PayoutPage } from '#contract/payouts';

// The examples the OpenAPI documents show on every operation (answers and request bodies), so a
// generated client's user sees realistic values without the guide. One small, consistent world:
// the brand Glow Skincare, its campaign "Summer glow launch", the creator anna.makes and her
// submission, post and discount code. openapi-examples.test.ts checks each against its schema.

const BRAND_ID = '0b6f3c2e-8a41-4d7b-9c15-2e7a9f4d6b10';
const AGENCY_ID = '5d2e8f71-3c4a-4b9e-8f06-1a7c3e9b2d48';
const CAMPAIGN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const TASK_ID = '3f2b8c1d-6e4a-4f95-b7d3-9a1c5e8f2b64';
const LINK_ID = 'a4c7e2f9-1b3d-4a68-9e5c-7f2b8d4a1c36';
const SUBMISSION_ID = 'e8b5d3a1-7f2c-4c9e-b6a4-3d1f9e7c5b82';
const POST_ID = '2a9f6c4e-8d1b-4e73-a5c2-9f7e3b1d6a48';
const MEMBER_ID = 'c3e1a9f7-5b2d-4f86-9c4a-1e8d7b3f5a29';
const KEY_ID = '6f8a2d4c-9e1b-4b57-8a3f-2c7e5d9b1f64';
const INVITATION_ID = 'd7b3f1e9-4a6c-4d28-b9e5-8c2a6f4d1b73';
const GROUP_ID = '4e7c9a2f-1d8b-4f35-a6e9-3b5d7c1f8a92';
const REPORT_ID = 'b9d2f6a4-3e7c-4a15-8d9b-6f1e4c8a2d57';
const AUDIT_ID = 'f1a8c5e3-9b4d-4e62-a7f1-5c3b9d2e8a46';
const PAYOUT_ID = '8d5b1e7f-6a3c-4b94-9f2d-7e1a5c3b9d68';
const CREATOR_ID = 'cr_q7XbVf2kL0mN';
const USERNAME = 'anna.makes';
const BRAND_NAME = 'Glow Skincare';
const CAMPAIGN_NAME = 'Summer glow launch';

/** A page cursor as the service makes them: opaque, signed, to be passed back unchanged. */
const CURSOR = 'eyJrIjpbIjIwMjYtMDctMDFUMDk6MzA6MDAuMDAwWiJdfQ.Kx3vQm8TzL1pWbN4rY7cHs';

const page = <T>(data: T[], more = false) => ({
  data,
  has_more: more,
  next_cursor: more ? CURSOR : null,
});

// ------------------------------------------------------------------------------ campaigns, tasks

export const taskCreate = {
  title: 'Morning routine video',
  instructions:
    'Show the serum as the first step of your morning routine, in daylight, in one take.',
  platforms: ['tiktok', 'instagram'],
  formats: ['feed_video'],
  caption: 'My morning glow starts here #ad #GlowSerum',
  require_ad_disclosure: true,
  max_posts_per_creator: 2,
} satisfies TaskCreate;

export const task = {
  id: TASK_ID,
  // The task the create example makes, as the service answers it: the contract's defaults for
  // what the body omits.
  ...TASK_DEFAULTS,
  ...taskCreate,
  is_required: true,
  display_order: 0,
  status: 'active',
  created_at: '2026-07-01T09:30:00.000Z',
  updated_at: '2026-07-01T09:30:00.000Z',
} satisfies Task;

export const taskUpdate = {
  caption: 'Glow all summer #ad #GlowSerum',
  max_posts_per_creator: 3,
} satisfies Partial<TaskCreate>;

export const tasksPage = page([task]);

export const campaignCreate = {
  name: CAMPAIGN_NAME,
  visibility: 'public',
  product: {
    name: 'Glow Serum SPF 30',
    url: 'https://glow.example.com/serum',
    image_url: 'https://cdn.glow.example.com/serum.jpg',
  },
  description: 'Show how the new Glow Serum fits into your morning routine.',
  brief_url: 'https://glow.example.com/briefs/summer-launch.pdf',
  links: [
    {
      url: 'https://glow.example.com/serum',
      service: 'shop',
      description: 'The product page',
      affiliate_code: null,
    },
  ],
  targeting: {
    root_operator: 'AND',
    groups: [
      {
        name: 'Audience',
        operator: 'AND',
        conditions: [
          { property: 'prop_country', operator: 'IN', values: ['US', 'GB'] },
          { property: 'prop_followers', operator: 'IN', values: ['5000-500000'] },
        ],
      },
    ],
  },
  content_deadline_date: '2026-08-15',
  post_deadline_date: '2026-08-31',
  settings: { creator_approval_required: true, post_approval_mode: 'moderate' },
  tasks: [taskCreate],
} satisfies CampaignCreate;

export const campaignUpdate = {
  description: 'Show how the new Glow Serum fits into your morning routine, before make-up.',
  post_deadline_date: '2026-09-15',
} satisfies CampaignUpdate;

export const campaignSummary = {
  id: CAMPAIGN_ID,
  name: CAMPAIGN_NAME,
  brand_id: BRAND_ID,
  brand_name: BRAND_NAME,
  status: 'active',
  status_detail: null,
  publish_requested_at: null,
  visibility: 'public',
  invite_code: null,
  description: campaignCreate.description,
  instructions: null,
  icon_url: null,
  brief_url: campaignCreate.brief_url,
  video_examples: [],
  links: [{ id: LINK_ID, ...campaignCreate.links[0]! }],
  targeting: campaignCreate.targeting,
  product: campaignCreate.product,
  spent_cents: 125_000,
  accepting_submissions: true,
  content_deadline_date: '2026-08-15',
  post_deadline_date: '2026-08-31',
  settings: {
    creator_approval_required: true,
    brand_approval_required: false,
    post_approval_mode: 'moderate',
    completion_mode: 'all_required',
  },
  tasks_count: 1,
  creators_waiting: 3,
  created_at: '2026-07-01T09:30:00.000Z',
  updated_at: '2026-07-03T14:12:05.000Z',
} satisfies CampaignSummary;

export const campaign = { ...campaignSummary, tasks: [task] } satisfies Campaign;

export const campaignsPage = page([campaignSummary], true);

export const draftCampaign = {
  ...campaign,
  status: 'draft',
  spent_cents: 0,
  updated_at: campaign.created_at,
} satisfies Campaign;

export const pendingCampaign = {
  ...draftCampaign,
  status: 'pending_approval',
  publish_requested_at: '2026-07-01T10:02:41.000Z',
} satisfies Campaign;

export const publishReviewSummary = {
  decisions: 42,
  typical_seconds: 38,
  most_within_seconds: 57,
  since: '2026-06-01T10:00:00.000Z',
} satisfies PublishReviewSummary;

export const pausedCampaign = {
  ...campaign,
  status: 'paused',
  accepting_submissions: false,
} satisfies Campaign;

export const autoPausedCampaign = {
  ...pausedCampaign,
  status_detail: {
    kind: 'auto_paused',
    reason: 'billing_issue',
    occurred_at: '2026-07-10T06:00:00.000Z',
  },
} satisfies Campaign;

export const completedCampaign = {
  ...campaign,
  status: 'completed',
  accepting_submissions: false,
} satisfies Campaign;

export const campaignDeleted = { id: CAMPAIGN_ID, deleted: true } as const;

export const opsCampaignCreate = {
  ...campaignCreate,
  brand_id: BRAND_ID,
} satisfies OpsCampaignCreate;

// ------------------------------------------------------------------------------ targeting

export const targetingProperties = {
  data: [
    { id: 'prop_country', name: 'Country', kind: 'option' },
    { id: 'prop_followers', name: 'Follower count', kind: 'number' },
  ],
} satisfies TargetingPropertyList;

export const targetingValues = {
  data: [
    { value: 'GB', label: 'United Kingdom' },
    { value: 'US', label: 'United States' },
  ],
};

export const opsTargetingPropertyCreate = {
  id: 'prop_skin_type',
  name: 'Skin type',
  kind: 'option',
  values: [
    { value: 'dry', label: 'Dry' },
    { value: 'oily', label: 'Oily' },
  ],
} satisfies OpsTargetingPropertyCreate;

export const targetingProperty = {
  id: 'prop_skin_type',
  name: 'Skin type',
  kind: 'option',
} as const;

// ------------------------------------------------------------------------------ creators

const postMetrics = {
  views: 48_200,
  likes: 3_100,
  comments: 142,
  shares: 88,
  saves: 310,
} satisfies EngagementMetrics;

export const campaignCreator = {
  creator_id: CREATOR_ID,
  username: USERNAME,
  status: 'approved',
  applied_at: '2026-07-04T18:22:41.000Z',
  decided_at: '2026-07-05T08:01:12.000Z',
  content: { submitted: 2, in_review: 0, approved: 1, rejected: 1 },
  posts: 1,
  metrics: postMetrics,
  spend_cents: 25_000,
  properties: [
    { property_id: 'prop_country', name: 'Country', value: 'US', label: 'United States' },
    { property_id: 'prop_followers', name: 'Follower count', value: 12_500, label: '12,500' },
  ],
  targeting_fit: { matches: true, unmet: [] },
} satisfies CampaignCreator;

export const appliedCreator = {
  ...campaignCreator,
  status: 'applied',
  decided_at: null,
  content: { submitted: 0, in_review: 0, approved: 0, rejected: 0 },
  posts: 0,
  metrics: { ...ZERO_METRICS },
  spend_cents: 0,
} satisfies CampaignCreator;

export const rejectedCreator = {
  ...appliedCreator,
  status: 'rejected',
  decided_at: '2026-07-05T08:01:12.000Z',
} satisfies CampaignCreator;

export const creatorsPage = page([campaignCreator], true);

export const creatorReject = {
  reason: 'We are looking for creators posting in the UK this round.',
};

export const opsCreatorCreate = {
  username: USERNAME,
  properties: { prop_country: 'US', prop_followers: 12_500 },
} satisfies OpsCreatorCreate;

export const opsCreator = {
  id: CREATOR_ID,
  username: USERNAME,
  properties: { prop_country: 'US', prop_followers: 12_500 },
} satisfies OpsCreator;

export const opsApplicationCreate = { creator_id: CREATOR_ID } satisfies OpsApplicationCreate;

// ------------------------------------------------------------------------------ submissions, posts

export const submission = {
  id: SUBMISSION_ID,
  creator_id: CREATOR_ID,
  creator_username: USERNAME,
  task_id: TASK_ID,
  status: 'in_review',
  media_type: 'video',
  media_url: 'https://media.example.com/submissions/e8b5d3a1.mp4',
  thumbnail_url: 'https://media.example.com/submissions/e8b5d3a1.jpg',
  media_items: [
    {
      type: 'video',
      url: 'https://media.example.com/submissions/e8b5d3a1.mp4',
      thumbnail_url: 'https://media.example.com/submissions/e8b5d3a1.jpg',
      width: 1080,
      height: 1920,
      duration_s: 34.5,
    },
  ],
  revision_count: 0,
  feedback: null,
  notes: [],
  failure_reason: null,
  awaiting: null,
  agency_approved_at: null,
  agency_approved_by: null,
  media: {
    content_type: 'video/mp4',
    size_bytes: 18_874_368,
    width: 1080,
    height: 1920,
    duration_s: 34.5,
  },
  checks: [
    { name: 'playable', outcome: 'pass', detail: 'The video plays.' },
    { name: 'orientation', outcome: 'pass', detail: 'Vertical (1080x1920).' },
    { name: 'duration', outcome: 'pass', detail: '34.5 s, within the 180 s of Instagram feed.' },
    { name: 'resolution', outcome: 'pass', detail: 'Shorter side 1080 px.' },
  ],
  submitted_at: '2026-07-06T11:45:03.000Z',
  reviewed_at: null,
  created_at: '2026-07-06T11:45:03.000Z',
  updated_at: '2026-07-06T11:45:09.000Z',
} satisfies Submission;

export const approvedSubmission = {
  ...submission,
  status: 'approved',
  reviewed_at: '2026-07-06T15:20:44.000Z',
  updated_at: '2026-07-06T15:20:44.000Z',
} satisfies Submission;

export const rejectedSubmission = {
  ...approvedSubmission,
  status: 'rejected',
  feedback: 'Please show the label of the bottle for a second at the start.',
  notes: [{ text: 'The label is hidden by your hand.', at_s: 7, item: 0 }],
} satisfies Submission;

export const submissionReject = {
  feedback: rejectedSubmission.feedback,
  notes: rejectedSubmission.notes,
} satisfies SubmissionReject;

export const submissionRevisionsPage = page(
  [
    {
      revision: 1,
      media_items: [
        {
          type: 'video',
          url: 'https://media.example.com/submissions/e8b5d3a1-v2.mp4',
          thumbnail_url: 'https://media.example.com/submissions/e8b5d3a1-v2.jpg',
          width: null,
          height: null,
          duration_s: null,
        },
      ],
      submitted_at: '2026-07-07T09:12:30.000Z',
      checks: null,
      decision: null,
    },
    {
      revision: 0,
      media_items: submission.media_items,
      submitted_at: submission.submitted_at,
      checks: submission.checks,
      decision: {
        status: 'rejected',
        feedback: rejectedSubmission.feedback,
        notes: rejectedSubmission.notes,
        decided_at: rejectedSubmission.reviewed_at,
        decided_by: { type: 'member', id: MEMBER_ID, label: 'Maya Chen (reviewer)' },
      },
    },
  ] satisfies SubmissionRevision[],
  false,
);

export const submissionsPage = page([submission], true);

export const queuedSubmissionsPage = page(
  [
    {
      ...submission,
      campaign_id: CAMPAIGN_ID,
      campaign_name: CAMPAIGN_NAME,
      brand_id: BRAND_ID,
    } satisfies QueuedSubmission,
  ],
  true,
);

export const queueCounts = {
  in_review: 31,
  awaiting_agency: 4,
  awaiting_brand: 2,
  failed: 1,
  by_campaign: [{ campaign_id: CAMPAIGN_ID, in_review: 12, failed: 0 }],
  by_campaign_has_more: false,
} satisfies QueueCounts;

export const opsSubmissionCreate = {
  creator_id: CREATOR_ID,
  task_id: TASK_ID,
  media_type: 'video',
  media_url: submission.media_url,
  thumbnail_url: submission.thumbnail_url,
} satisfies OpsSubmissionCreate;

/** A submission as it arrives: inspection has not run yet. */
export const newSubmission = {
  ...submission,
  media_items: submission.media_items.map((item) => ({
    ...item,
    width: null,
    height: null,
    duration_s: null,
  })),
  media: null,
  checks: null,
  updated_at: submission.created_at,
} satisfies Submission;

export const opsRevise = {
  media_url: 'https://media.example.com/submissions/e8b5d3a1-v2.mp4',
  thumbnail_url: 'https://media.example.com/submissions/e8b5d3a1-v2.jpg',
};

export const revisedSubmission = {
  ...newSubmission,
  media_url: opsRevise.media_url,
  thumbnail_url: opsRevise.thumbnail_url,
  media_items: [
    {
      type: 'video',
      url: opsRevise.media_url,
      thumbnail_url: opsRevise.thumbnail_url,
      width: null,
      height: null,
      duration_s: null,
    },
  ],
  revision_count: 1,
  feedback: rejectedSubmission.feedback,
  notes: rejectedSubmission.notes,
  submitted_at: '2026-07-07T09:12:30.000Z',
  updated_at: '2026-07-07T09:12:30.000Z',
} satisfies Submission;

export const opsFail = { reason: 'The video file cannot be played.' };

export const failedSubmission = {
  ...newSubmission,
  status: 'failed',
  failure_reason: opsFail.reason,
  checks: [{ name: 'playable', outcome: 'fail', detail: 'The file is not a playable video.' }],
} satisfies Submission;

export const post = {
  id: POST_ID,
  creator_id: CREATOR_ID,
  creator_username: USERNAME,
  task_id: TASK_ID,
  submission_id: SUBMISSION_ID,
  platform: 'tiktok',
  url: 'https://www.tiktok.com/@anna.makes/video/7309876543210987654',
  is_story: false,
  status: 'live',
  posted_at: '2026-07-07T17:00:00.000Z',
  metrics: postMetrics,
  metrics_updated_at: '2026-07-09T06:00:00.000Z',
} satisfies Post;

export const postsPage = page([post], true);

export const opsPostCreate = {
  platform: 'tiktok',
  url: post.url,
  is_story: false,
  posted_at: post.posted_at,
} satisfies OpsPostCreate;

export const newPost = {
  ...post,
  metrics: { ...ZERO_METRICS },
  metrics_updated_at: post.posted_at,
} satisfies Post;

export const opsMetricsUpdate = { ...postMetrics } satisfies OpsMetricsUpdate;

export const takenDownPost = { ...post, status: 'deleted' } satisfies Post;

export const metricsReport = {
  campaign_id: CAMPAIGN_ID,
  funnel: {
    ...emptyFunnel(),
    creators_applied: 42,
    creators_approved: 18,
    submissions_in_review: 5,
    submissions_approved: 21,
    posts: 19,
  },
  performance: {
    views: 1_250_000,
    likes: 84_000,
    comments: 3_200,
    shares: 2_100,
    saves: 5_700,
    engagement_rate: 0.076,
  },
  spend: { spent_cents: 125_000, effective_cpm_cents: 100 },
  groups: [
    {
      group_key: 'tiktok',
      group_label: 'TikTok',
      posts: 12,
      performance: { views: 900_000, likes: 61_000, comments: 2_300, shares: 1_700, saves: 3_900 },
    },
    {
      group_key: 'instagram',
      group_label: 'Instagram',
      posts: 7,
      performance: { views: 350_000, likes: 23_000, comments: 900, shares: 400, saves: 1_800 },
    },
  ],
  as_of: '2026-07-09T06:05:00.000Z',
} satisfies MetricsReport;

/** GET /metrics over two campaigns, one of them named in campaign_id. */
export const campaignsMetrics = {
  campaigns: 2,
  funnel: {
    creators_applied: 60,
    creators_approved: 25,
    submissions_in_review: 7,
    submissions_approved: 30,
    posts: 27,
  },
  performance: {
    views: 1_500_000,
    likes: 100_000,
    comments: 4_000,
    shares: 2_500,
    saves: 6_500,
    engagement_rate: 0.0753,
  },
  spend: { spent_cents: 150_000, effective_cpm_cents: 100 },
  by_campaign: [
    {
      campaign_id: CAMPAIGN_ID,
      funnel: metricsReport.funnel,
      performance: metricsReport.performance,
      spend: metricsReport.spend,
    },
  ],
  as_of: '2026-07-09T06:05:00.000Z',
} satisfies CampaignsMetrics;

export const metricsHistory = {
  campaign_id: CAMPAIGN_ID,
  time_zone: 'Europe/Paris',
  days: [
    {
      day: '2026-07-07',
      views: 310_000,
      likes: 20_500,
      comments: 800,
      shares: 500,
      saves: 1_400,
      spent_cents: 40_000,
    },
    {
      day: '2026-07-08',
      views: 820_000,
      likes: 55_000,
      comments: 2_100,
      shares: 1_400,
      saves: 3_700,
      spent_cents: 90_000,
    },
    {
      day: '2026-07-09',
      views: 1_250_000,
      likes: 84_000,
      comments: 3_200,
      shares: 2_100,
      saves: 5_700,
      spent_cents: 125_000,
    },
  ],
  as_of: '2026-07-09T06:05:00.000Z',
} satisfies MetricsHistory;

export const opsPayoutCreate = {
  campaign_id: CAMPAIGN_ID,
  creator_id: CREATOR_ID,
  amount_cents: 25_000,
};

export const opsPayout = {
  id: PAYOUT_ID,
  ...opsPayoutCreate,
  created_at: '2026-07-09T10:00:00.000Z',
} satisfies OpsPayout;

// ------------------------------------------------------------------------------ discount codes

export const codeGroup = {
  id: GROUP_ID,
  brand_id: BRAND_ID,
  name: 'Summer creators',
  user_description: '15% off your first order',
  commission_cents: 50,
  codes_count: 120,
  intake_address: 'usage+3f9c2a7b1d8e4f60a5b7c9d1e2f3a4b5@intake.localhost',
  created_at: '2026-06-20T12:00:00.000Z',
} satisfies CodeGroup;

export const rotatedCodeGroup = {
  ...codeGroup,
  intake_address: 'usage+9a1c5e8f2b643f2b8c1d6e4a4f95b7d3@intake.localhost',
} satisfies CodeGroup;

export const codeGroupsPage = page([codeGroup]);

export const opsCodeGroupCreate = {
  brand_id: BRAND_ID,
  name: 'Summer creators',
  user_description: '15% off your first order',
  commission_cents: 50,
} satisfies OpsCodeGroupCreate;

export const newCodeGroup = { ...codeGroup, codes_count: 0 } satisfies CodeGroup;

export const discountCode = {
  code: 'GLOW-ANNA',
  group_id: GROUP_ID,
  user_description: '15% off your first order',
  total_uses: 42,
  assigned_creator_id: CREATOR_ID,
  assigned_campaign_id: CAMPAIGN_ID,
  earnings_cents: 2_100,
  last_reported_at: '2026-07-09T08:00:00.000Z',
  created_at: '2026-06-20T12:05:00.000Z',
} satisfies DiscountCode;

const unassignedCode = (code: string) =>
  ({
    ...discountCode,
    code,
    total_uses: 0,
    assigned_creator_id: null,
    assigned_campaign_id: null,
    earnings_cents: 0,
    last_reported_at: null,
    created_at: '2026-07-09T09:00:00.000Z',
  }) satisfies DiscountCode;

export const discountCodesPage = page([discountCode, unassignedCode('GLOW-BEN')], true);

export const codesAdd = { group_id: GROUP_ID, codes: ['GLOW-CARA', 'GLOW-DEV'] } satisfies CodesAdd;

export const codesAdded = { data: [unassignedCode('GLOW-CARA'), unassignedCode('GLOW-DEV')] };

export const usageReport = {
  usage: [
    { code: 'GLOW-ANNA', total_uses: 42 },
    { code: 'GLOW-BEN', total_uses: 7 },
  ],
} satisfies UsageReport;

export const usageReportResult = {
  updated: 2,
  data: [
    discountCode,
    {
      ...unassignedCode('GLOW-BEN'),
      total_uses: 7,
      assigned_creator_id: 'cr_Lm4pRt8vWx2z',
      assigned_campaign_id: CAMPAIGN_ID,
      earnings_cents: 350,
      last_reported_at: '2026-07-09T08:00:00.000Z',
    },
  ],
};

export const codeUsageUpdate = { total_uses: 43 } satisfies CodeUsageUpdate;

export const reportedCode = {
  ...discountCode,
  total_uses: 43,
  earnings_cents: 2_150,
  last_reported_at: '2026-07-09T09:30:00.000Z',
} satisfies DiscountCode;

export const codeDeleted = { code: 'GLOW-DEV', deleted: true } as const;

export const opsCodeAssign = {
  creator_id: CREATOR_ID,
  campaign_id: CAMPAIGN_ID,
} satisfies OpsCodeAssign;

export const usageReportsPage = page(
  [
    {
      id: REPORT_ID,
      group_id: GROUP_ID,
      channel: 'api',
      format: 'json',
      outcome: 'applied',
      rows: 2,
      codes_changed: 2,
      uses_added: 9,
      paid_cents: 450,
      errors: [],
      sender: 'cck_AbCdEfGh',
      received_at: '2026-07-09T08:00:00.000Z',
    },
    {
      id: 'c5a3e9d1-2f7b-4d86-a1c4-8e6b2f9d3a75',
      group_id: GROUP_ID,
      channel: 'email',
      format: 'csv',
      outcome: 'refused',
      rows: 3,
      codes_changed: 0,
      uses_added: 0,
      paid_cents: 0,
      errors: [
        {
          line: 3,
          index: null,
          code: 'GLOW-BEN',
          message: 'total_uses must not be negative (found "-2")',
        },
      ],
      sender: 'reports@partner-shop.example',
      received_at: '2026-07-08T22:14:09.000Z',
    },
  ] satisfies UsageReportRecord[],
  true,
);

// ------------------------------------------------------------------------------ people, keys, me

const memberSummary = {
  id: MEMBER_ID,
  email: 'maya.chen@glow.example',
  name: 'Maya Chen',
  role: 'reviewer',
} satisfies MemberSummary;

export const member = {
  ...memberSummary,
  brand_id: BRAND_ID,
  agency_id: null,
  created_at: '2026-06-18T10:00:00.000Z',
} satisfies Member;

export const membersPage = page([member]);

export const memberPatch = { role: 'manager' } as const;

export const patchedMember = { ...member, role: 'manager' } satisfies Member;

export const memberRemoved = { id: MEMBER_ID, removed: true } as const;

export const sessionCreate = { email: memberSummary.email, password: 'violet-harbor-lantern-42' };

export const session = {
  token: 'ccs_Z8kP2mQ7xLp4RtV8bN3cW6wJ1yH5dG0sA2eU7iO4',
  expires_at: '2026-07-16T09:30:00.000Z',
  member: memberSummary,
} satisfies Session;

export const sessionEnded = { ended: true } as const;

export const invitationCreate = { email: 'sam.okafor@glow.example', role: 'manager' } as const;

export const invitationCreated = {
  id: INVITATION_ID,
  email: 'sam.okafor@glow.example',
  role: 'manager',
  invitation_url:
    'https://console.glow.example/accept-invitation#token=cci_T4nW9qL2xR7vK1pM5sB8dF3gH6jZ0cY2aE4uI7oQ',
  expires_at: '2026-07-16T09:30:00.000Z',
  email_status: 'sent',
} satisfies InvitationCreated;

export const invitationsPage = {
  data: [
    {
      id: INVITATION_ID,
      email: 'sam.okafor@glow.example',
      role: 'manager',
      brand_id: BRAND_ID,
      agency_id: null,
      invited_by: 'Maya Chen (admin)',
      created_at: '2026-07-09T09:30:00.000Z',
      expires_at: '2026-07-16T09:30:00.000Z',
      email_status: 'sent',
    },
  ],
  has_more: false,
  next_cursor: null,
} satisfies InvitationPage;

export const invitationRevoked = { id: INVITATION_ID, revoked: true } satisfies InvitationRevoked;

export const opsInvitationCreate = {
  email: 'admin@glow.example',
  role: 'admin',
  brand_id: BRAND_ID,
} as const;

export const opsInvitationCreated = {
  ...invitationCreated,
  email: 'admin@glow.example',
  role: 'admin',
} satisfies InvitationCreated;

export const invitationAccept = { name: 'Sam Okafor', password: 'violet-harbor-lantern-42' };

export const newMemberSession = {
  ...session,
  member: {
    id: '1b7d3f9a-6c2e-4a85-b4d1-9e3c7a5f2b18',
    email: 'sam.okafor@glow.example',
    name: 'Sam Okafor',
    role: 'manager',
  },
} satisfies Session;

const SCOPES = ['codes:read', 'codes:write'] as const;

export const keyCreate = { name: 'Shop sync', scopes: [...SCOPES] };

export const keyCreated = {
  id: KEY_ID,
  key: 'cck_AbCdEfGh3kP9mQ2xLp7RtV4bN8cW1wJ6yH0dG5sT',
  name: 'Shop sync',
  prefix: 'cck_AbCdEfGh',
  kind: 'brand',
  scopes: [...SCOPES],
} satisfies KeyCreated;

export const keysPage = page([
  {
    id: KEY_ID,
    name: 'Shop sync',
    prefix: 'cck_AbCdEfGh',
    kind: 'brand',
    scopes: [...SCOPES],
    created_by: 'Maya Chen (admin)',
    created_at: '2026-07-02T16:40:00.000Z',
    revoked_at: null,
  } satisfies KeySummary,
]);

export const keyRevoked = { id: KEY_ID, revoked_at: '2026-07-09T12:00:00.000Z' };

export const opsKeyCreate = {
  kind: 'brand',
  brand_id: BRAND_ID,
  scopes: ['campaigns:read', 'campaigns:write', 'submissions:write'],
} satisfies OpsKeyCreate;

export const opsKeyCreated = {
  id: KEY_ID,
  key: keyCreated.key,
  prefix: keyCreated.prefix,
  kind: 'brand',
  scopes: [...opsKeyCreate.scopes],
} satisfies OpsKeyCreated;

export const auditEventsPage = page(
  [
    {
      id: AUDIT_ID,
      occurred_at: '2026-07-06T15:20:44.000Z',
      actor: { type: 'member', id: MEMBER_ID, label: 'Maya Chen (reviewer)' },
      action: 'submission.approved',
      target_type: 'submission',
      target_id: SUBMISSION_ID,
      target_label: USERNAME,
      campaign_id: CAMPAIGN_ID,
      brand_id: BRAND_ID,
      changes: { status: ['in_review', 'approved'] },
      request_id: '01J2Q8N5V7K3M9X4T6R2B8C1DZ',
    } satisfies AuditEvent,
  ],
  true,
);

export const me = {
  key: {
    id: KEY_ID,
    kind: 'brand',
    scopes: ['campaigns:read', 'campaigns:write', 'submissions:write', 'creators:write'],
    prefix: 'cck_AbCdEfGh',
  },
  agency: null,
  brands: [{ id: BRAND_ID, name: BRAND_NAME }],
  member: null,
} satisfies Me;

export const opsBrandCreate = { name: BRAND_NAME };
export const opsBrand = { id: BRAND_ID, name: BRAND_NAME };
export const opsAgencyCreate = { name: 'Northstar Creative', brand_ids: [BRAND_ID] };
export const opsAgency = { id: AGENCY_ID, ...opsAgencyCreate };

export const liveEvent = {
  type: 'submission.created',
  id: SUBMISSION_ID,
  campaign_id: CAMPAIGN_ID,
  brand_id: BRAND_ID,
  occurred_at: '2026-07-06T11:45:03.000Z',
} satisfies LiveEvent;

// ------------------------------------------------------------------------------ payouts

export const payoutsPage = {
  ...page(
    [
      {
        creator: { id: CREATOR_ID, username: USERNAME },
        campaign: null,
        earned_cents: 25_450,
        code_cents: 450,
        payout_cents: 25_000,
        uses: 3,
        codes: 1,
        creators: 1,
        campaigns: 1,
        last_earned_at: '2026-07-09T08:00:00.000Z',
      },
    ],
    true,
  ),
  summary: {
    earned_cents: 125_450,
    code_cents: 450,
    payout_cents: 125_000,
    uses: 3,
    codes: 1,
    creators: 4,
    campaigns: 2,
  },
} satisfies PayoutPage;

export const payoutEntriesPage = page(
  [
    {
      id: 'a2f7c9e1-5d3b-4e86-b1a4-9c7e3f5d2b18',
      source: 'code',
      campaign: { id: CAMPAIGN_ID, name: CAMPAIGN_NAME },
      creator: { id: CREATOR_ID, username: USERNAME },
      code: 'GLOW-ANNA',
      usage_report: {
        id: REPORT_ID,
        group_id: GROUP_ID,
        channel: 'api',
        sender: 'Shop sync (cck_AbCdEfGh)',
        received_at: '2026-07-09T08:00:00.000Z',
      },
      payout_id: null,
      uses: 3,
      cents: 450,
      earned_at: '2026-07-09T08:00:00.000Z',
    },
    {
      id: 'e6b1d4f8-2c9a-4f37-8e5b-1d6a9c3f7e24',
      source: 'payout',
      campaign: { id: CAMPAIGN_ID, name: CAMPAIGN_NAME },
      creator: { id: CREATOR_ID, username: USERNAME },
      code: null,
      usage_report: null,
      payout_id: PAYOUT_ID,
      uses: 0,
      cents: 25_000,
      earned_at: '2026-07-05T12:00:00.000Z',
    },
  ],
  true,
) satisfies PayoutEntryPage;

export const openApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Campaign Console API', version: '2026-07' },
  paths: {},
};
