import { describe, expect, it } from 'vitest';
import { CampaignCreate } from '#contract/campaigns';
import { anyOf } from '#components/targeting/test-fixtures';
import { GLOW_LAB } from '#test/brands';
import {
  builderSchema,
  builderValuesFrom,
  campaignCreateBody,
  duplicateTask,
  emptyBuilderValues,
  emptyTask,
  type BuilderValues,
} from './builder-form';
import { builderIssueMessage } from './messages';
import { makeCampaign, makeTask } from './test/builder-support';

const parse = (values: BuilderValues) =>
  builderSchema.safeParse(values, { error: builderIssueMessage });

const issuesOf = (values: BuilderValues) =>
  Object.fromEntries(
    (parse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

function fullValues(): BuilderValues {
  return {
    ...emptyBuilderValues(GLOW_LAB.id),
    name: ' Summer glow ',
    visibility: 'unlisted',
    invite_code: ' GLOW-2026 ',
    product: { name: 'Glow serum', url: 'https://glow.test/serum', image_url: '' },
    description: 'Show the serum.',
    instructions: '   ',
    icon_url: 'https://glow.test/icon.png',
    brief_url: '',
    video_examples: [{ url: ' https://video.test/1 ' }],
    links: [
      { url: 'https://glow.test/shop', service: 'Shop', description: '', affiliate_code: 'CODE10' },
    ],
    targeting: anyOf({ property: 'prop_country', operator: 'IN', values: ['c_us'] }),
    content_deadline_date: '2026-08-01',
    post_deadline_date: '2026-08-15',
    settings: {
      creator_approval_required: true,
      brand_approval_required: false,
      post_approval_mode: 'strict',
      completion_mode: 'some_required',
    },
    tasks: [
      {
        ...emptyTask(),
        title: 'Unboxing',
        instructions: 'Film it.',
        platforms: ['tiktok'],
        formats: ['feed_video'],
        caption: '#ad',
        video_examples: [{ url: 'https://video.test/2' }],
        review_mode: 'autoreview',
        autoreview_prompt: 'Shows the bottle.',
        is_required: false,
        max_posts_per_creator: '2',
      },
    ],
  };
}

describe('the builder form model', () => {
  it('turns the form into a creation body the contract accepts, empty fields left out', () => {
    const result = parse(fullValues());
    expect(result.success).toBe(true);
    const body = campaignCreateBody(result.data!, { sendBrandId: true });
    expect(body).toEqual({
      name: 'Summer glow',
      brand_id: GLOW_LAB.id,
      visibility: 'unlisted',
      invite_code: 'GLOW-2026',
      product: { name: 'Glow serum', url: 'https://glow.test/serum' },
      description: 'Show the serum.',
      icon_url: 'https://glow.test/icon.png',
      video_examples: ['https://video.test/1'],
      links: [{ url: 'https://glow.test/shop', service: 'shop', affiliate_code: 'CODE10' }],
      targeting: fullValues().targeting,
      content_deadline_date: '2026-08-01',
      post_deadline_date: '2026-08-15',
      settings: fullValues().settings,
      tasks: [
        {
          title: 'Unboxing',
          instructions: 'Film it.',
          platforms: ['tiktok'],
          formats: ['feed_video'],
          caption: '#ad',
          require_ad_disclosure: true,
          video_examples: ['https://video.test/2'],
          review_mode: 'autoreview',
          autoreview_prompt: 'Shows the bottle.',
          is_required: false,
          max_posts_per_creator: 2,
          display_order: 0,
        },
      ],
    });
    expect(CampaignCreate.safeParse(body).success).toBe(true);
  });

  it('leaves the prompt out unless autoreview, and is_required unless some_required', () => {
    const values = fullValues();
    values.settings.completion_mode = 'all_required';
    values.tasks[0]!.review_mode = 'media_review';
    const body = campaignCreateBody(parse(values).data!, { sendBrandId: false });
    expect(body.tasks?.[0]).not.toHaveProperty('autoreview_prompt');
    expect(body.tasks?.[0]).not.toHaveProperty('is_required');
    expect(body).not.toHaveProperty('brand_id');
  });

  it('reports problems on the paths of their inputs, in the contract’s words where it has them', () => {
    const values = fullValues();
    values.name = ' ';
    values.product = { name: '', url: 'https://glow.test', image_url: '' };
    values.video_examples = [{ url: '' }, { url: 'ftp://x.test/v' }];
    values.links = [
      { url: 'https://a.test', service: 'not a slug!', description: '', affiliate_code: '' },
    ];
    values.content_deadline_date = '2026-09-01';
    values.tasks[0] = { ...values.tasks[0]!, platforms: [], max_posts_per_creator: '0' };
    expect(issuesOf(values)).toEqual({
      name: 'required',
      'product.name': 'required',
      'video_examples.0.url': 'enter a URL, or remove this row',
      'video_examples.1.url': 'must be an http or https URL',
      'links.0.service': 'must be a short slug (a-z, 0-9, _ and -)',
      'tasks.0.platforms': 'must name at least one platform',
      'tasks.0.max_posts_per_creator': 'must be at least 1',
      content_deadline_date: 'must be on or before post_deadline_date',
    });
  });

  it('refuses an invite code on a public campaign, and a number that is not whole', () => {
    const values = fullValues();
    values.visibility = 'public';
    expect(issuesOf(values)).toEqual({
      invite_code: 'only an unlisted campaign has an invite_code',
    });
    const fractional = fullValues();
    fractional.tasks[0]!.max_posts_per_creator = '1.5';
    expect(issuesOf(fractional)).toEqual({
      'tasks.0.max_posts_per_creator': 'enter a whole number',
    });
  });

  it('reads a campaign into the form and back without inventing values', () => {
    const campaign = makeCampaign({
      description: 'Words',
      video_examples: ['https://video.test/1'],
      tasks: [
        makeTask(2, { display_order: 5 }),
        makeTask(1, { display_order: 1 }),
        makeTask(3, { status: 'archived' }),
      ],
    });
    const values = builderValuesFrom(campaign);
    expect(values.tasks.map((task) => task.taskId)).toEqual([makeTask(1).id, makeTask(2).id]);
    expect(values.video_examples).toEqual([{ url: 'https://video.test/1' }]);
    expect(parse(values).success).toBe(true);
  });

  it('duplicates a task as a new one', () => {
    const copy = duplicateTask({
      ...emptyTask(),
      taskId: 'abc',
      title: 'Unboxing',
      platforms: ['tiktok'],
    });
    expect(copy).toMatchObject({ taskId: null, title: 'Unboxing (copy)', platforms: ['tiktok'] });
  });
});
