import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_SETTINGS_DEFAULTS, Campaign } from '#contract/campaigns';
import { campaignWithoutContent } from '#contract/fixtures';
import { TASK_DEFAULTS } from '#contract/tasks';
import { queryRows } from '../../db/client.ts';
import { campaignBody, expectError, expectStatus, task } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';

const { ctx, brand: mine } = await brandWorld();

const post = (body: unknown, key = mine.key.key) =>
  ctx.request('POST', '/2026-07/campaigns', { key, body });

async function campaignsOf(brandId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from campaigns where brand_id = ${brandId}`,
  );
  return row!.n;
}

describe('POST /campaigns', () => {
  it('creates a draft (201) with the defaults of the contract', async () => {
    const res = await post({ name: '  Summer glow  ' });
    const campaign = Campaign.parse(expectStatus(res, 201));
    expect(campaign).toMatchObject({
      name: 'Summer glow',
      brand_id: mine.brand.id,
      brand_name: mine.brand.name,
      status: 'draft',
      ...campaignWithoutContent(),
      product: { name: 'Summer glow', url: null, image_url: null },
      spent_cents: 0,
      accepting_submissions: false,
      tasks: [],
      tasks_count: 0,
    });
    expect(campaign.created_at).toBe(campaign.updated_at);
    expect(Date.parse(campaign.created_at)).not.toBeNaN();
  });

  it('stores every field of the body and answers it back', async () => {
    const targeting = {
      root_operator: 'AND' as const,
      groups: [
        {
          name: 'Where',
          operator: 'OR' as const,
          conditions: [
            { property: 'prop_country', operator: 'IN' as const, values: ['c_us', 'c_gb'] },
          ],
        },
        {
          operator: 'AND' as const,
          conditions: [{ property: 'prop_age', operator: 'IN' as const, values: ['18-34'] }],
        },
      ],
    };
    // The fields answered back exactly as sent.
    const verbatim = {
      description: 'Glow all summer',
      instructions: 'Be yourself',
      icon_url: 'https://cdn.example.com/icon.png',
      brief_url: 'http://example.com/brief.pdf',
      video_examples: ['https://example.com/v1.mp4'],
      targeting,
      content_deadline_date: '2030-01-10',
      post_deadline_date: '2030-01-10',
    };
    const body = campaignBody({
      ...verbatim,
      links: [
        {
          url: 'https://shop.example.com',
          service: ' Shop ',
          description: 'Store',
          affiliate_code: 'GLOW10',
        },
      ],
      product: { name: 'Glow serum', url: 'https://example.com/serum' },
      settings: { completion_mode: 'pick_one', creator_approval_required: true },
    });
    const campaign = Campaign.parse(expectStatus(await post(body), 201));
    expect(campaign).toMatchObject({
      ...verbatim,
      links: [
        {
          id: expect.any(String),
          url: 'https://shop.example.com',
          service: 'shop',
          description: 'Store',
          affiliate_code: 'GLOW10',
        },
      ],
      product: { name: 'Glow serum', url: 'https://example.com/serum', image_url: null },
      settings: {
        ...CAMPAIGN_SETTINGS_DEFAULTS,
        completion_mode: 'pick_one',
        creator_approval_required: true,
      },
    });
    // The same campaign read back is the same answer.
    const read = await ctx.request('GET', `/2026-07/campaigns/${campaign.id}`, {
      key: mine.key.key,
    });
    expect(Campaign.parse(read.json)).toEqual(campaign);
  });

  it('creates the tasks of the body with the defaults, in order, and counts them', async () => {
    const res = await post(
      campaignBody({
        tasks: [
          task({ title: 'First' }),
          task({ title: 'Second', platforms: ['instagram', 'youtube'] }),
        ],
      }),
    );
    const campaign = Campaign.parse(expectStatus(res, 201));
    expect(campaign.tasks_count).toBe(2);
    expect(campaign.tasks!.map((t) => [t.title, t.display_order, t.status, t.is_required])).toEqual(
      [
        ['First', 0, 'active', true],
        ['Second', 1, 'active', true],
      ],
    );
    expect(campaign.tasks![0]).toMatchObject({ ...TASK_DEFAULTS, platforms: ['tiktok'] });
  });

  it('gives omitted display_order the place after the highest one so far', async () => {
    const res = await post(
      campaignBody({
        tasks: [
          task({ title: 'a', display_order: 5 }),
          task({ title: 'b' }),
          task({ title: 'c', display_order: 2 }),
        ],
      }),
    );
    const campaign = Campaign.parse(expectStatus(res, 201));
    expect(campaign.tasks!.map((t) => [t.title, t.display_order])).toEqual([
      ['c', 2],
      ['a', 5],
      ['b', 6],
    ]);
  });

  describe('brand rules', () => {
    it('accepts a brand key naming its own brand', async () => {
      const res = await post(campaignBody({ brand_id: mine.brand.id }));
      expect(Campaign.parse(expectStatus(res, 201)).brand_id).toBe(mine.brand.id);
    });

    it('answers 403 brand_not_managed when a brand key names another brand', async () => {
      const other = await ctx.ops.createBrand();
      const res = await post(campaignBody({ brand_id: other.id }));
      expectError(res, 403, 'brand_not_managed', 'brand_id');
      expect(await campaignsOf(other.id)).toBe(0);
    });

    it('creates for the brand an agency key names', async () => {
      const agency = await ctx.ops.agencyWithKey(2);
      const brand = agency.brands[1]!;
      const campaign = Campaign.parse(
        expectStatus(await post(campaignBody({ brand_id: brand.id }), agency.key.key), 201),
      );
      expect(campaign).toMatchObject({ brand_id: brand.id, brand_name: brand.name });
    });

    it('answers 422 naming brand_id when an agency key omits it', async () => {
      const agency = await ctx.ops.agencyWithKey(1);
      expectError(await post(campaignBody(), agency.key.key), 422, 'validation_failed', 'brand_id');
    });

    it('answers 403 brand_not_managed when an agency key names a brand it does not manage', async () => {
      const agency = await ctx.ops.agencyWithKey(1);
      expectError(
        await post(campaignBody({ brand_id: mine.brand.id }), agency.key.key),
        403,
        'brand_not_managed',
        'brand_id',
      );
    });
  });

  describe('visibility and invite codes', () => {
    it('generates an invite code for an unlisted campaign that gives none', async () => {
      const campaign = Campaign.parse(
        expectStatus(await post(campaignBody({ visibility: 'unlisted' })), 201),
      );
      expect(campaign.invite_code).toMatch(/^[A-Z2-9]{10}$/);
    });

    it('keeps a custom invite code, and refuses it for a second campaign (422 naming invite_code)', async () => {
      const code = `glow-${Date.now()}`;
      const campaign = Campaign.parse(
        expectStatus(await post(campaignBody({ visibility: 'unlisted', invite_code: code })), 201),
      );
      expect(campaign.invite_code).toBe(code);
      expectError(
        await post(campaignBody({ visibility: 'unlisted', invite_code: code })),
        422,
        'validation_failed',
        'invite_code',
      );
    });

    it.each([{ visibility: 'public' as const }, {}])(
      'answers 422 naming invite_code for a public campaign (%j)',
      async (v) => {
        expectError(
          await post(campaignBody({ ...v, invite_code: 'CODE1234' })),
          422,
          'validation_failed',
          'invite_code',
        );
      },
    );

    it('answers 422 naming invite_code for a malformed code', async () => {
      expectError(
        await post(campaignBody({ visibility: 'unlisted', invite_code: 'a b' })),
        422,
        'validation_failed',
        'invite_code',
      );
    });
  });

  describe('validation', () => {
    it('answers 422 naming content_deadline_date when it is after post_deadline_date', async () => {
      const res = await post(
        campaignBody({ content_deadline_date: '2030-02-02', post_deadline_date: '2030-02-01' }),
      );
      expectError(res, 422, 'validation_failed', 'content_deadline_date');
    });

    it.each(['content_deadline_date', 'post_deadline_date'])(
      'answers 422 naming %s for a date that does not exist',
      async (field) => {
        expectError(
          await post(campaignBody({ [field]: '2030-02-30' })),
          422,
          'validation_failed',
          field,
        );
        expectError(
          await post(campaignBody({ [field]: '0000-01-01' })),
          422,
          'validation_failed',
          field,
        );
      },
    );

    it('answers 422 naming each deadline set before today (UTC), in the issues too', async () => {
      const app = ctx.makeApp({ now: () => new Date('2031-05-20T23:30:00Z') });
      const res = await ctx.requestTo(app, 'POST', '/2026-07/campaigns', {
        key: mine.key.key,
        body: campaignBody({
          content_deadline_date: '2020-01-01',
          post_deadline_date: '2031-05-19',
        }),
      });
      expectError(res, 422, 'validation_failed', 'content_deadline_date');
      expect(res.json.issues).toEqual([
        { field: 'content_deadline_date', message: 'must not be earlier than today (2031-05-20)' },
        { field: 'post_deadline_date', message: 'must not be earlier than today (2031-05-20)' },
      ]);
      const today = await ctx.requestTo(app, 'POST', '/2026-07/campaigns', {
        key: mine.key.key,
        body: campaignBody({ content_deadline_date: '2031-05-20' }),
      });
      expectStatus(today, 201);
    });

    it('answers 422 naming the range of an engagement rate past 100%', async () => {
      const res = await post(
        campaignBody({
          targeting: {
            root_operator: 'AND',
            groups: [
              {
                operator: 'AND',
                conditions: [
                  { property: 'prop_engagement_rate', operator: 'IN', values: ['2-150'] },
                ],
              },
            ],
          },
        }),
      );
      expectError(res, 422, 'validation_failed', 'targeting.groups[0].conditions[0].values[0]');
      expect(res.json.issues).toEqual([
        { field: 'targeting.groups[0].conditions[0].values[0]', message: 'must lie within 0-100' },
      ]);
    });

    it('answers the problems of a refused body field by field in `issues`', async () => {
      const res = await post({
        name: '',
        tasks: [{ title: 't', instructions: 'i', platforms: [] }],
      });
      expectError(res, 422, 'validation_failed', 'name');
      expect(res.json.issues).toEqual([
        { field: 'name', message: expect.any(String) },
        { field: 'tasks[0].platforms', message: 'must name at least one platform' },
      ]);
      expect(res.json.message).toBe(
        res.json.issues
          .map((i: { field: string; message: string }) => `${i.field}: ${i.message}`)
          .join('; '),
      );
    });

    it('answers 422 naming a missing name', async () => {
      const res = await post({});
      expectError(res, 422, 'validation_failed', 'name');
      expect(res.json.message).toBe('name: is required');
    });

    it('answers 422 naming an unknown field', async () => {
      const res = await post(campaignBody({ colour: 'red' } as object));
      expectError(res, 422, 'validation_failed', 'colour');
    });

    it.each([
      'id',
      'status',
      'spent_cents',
      'tasks_count',
      'brand_name',
      'accepting_submissions',
      'status_detail',
      'publish_requested_at',
      'created_at',
    ])('answers 422 naming the read-only field %s', async (field) => {
      const value =
        field === 'id' ? '00000000-0000-4000-8000-000000000000' : field === 'spent_cents' ? 5 : 'x';
      const res = await post({ ...campaignBody(), [field]: value });
      expectError(res, 422, 'validation_failed', field);
    });

    it('answers 422 naming a read-only field of a task', async () => {
      const res = await post(campaignBody({ tasks: [{ ...task(), status: 'archived' } as never] }));
      expectError(res, 422, 'validation_failed', 'tasks[0].status');
    });

    it.each([
      ['icon_url', { icon_url: 'javascript:alert(1)' }],
      ['brief_url', { brief_url: 'data:text/html,<script>alert(1)</script>' }],
      ['video_examples[0]', { video_examples: ['ftp://example.com/v.mp4'] }],
      ['links[0].url', { links: [{ url: 'javascript:alert(1)' }] }],
      ['product.url', { product: { name: 'P', url: 'data:image/png;base64,AAAA' } }],
      ['tasks[0].tiktok_sound_url', { tasks: [task({ tiktok_sound_url: 'javascript:void(0)' })] }],
      ['tasks[0].image_url', { tasks: [task({ image_url: 'data:image/png;base64,AAAA' })] }],
      ['tasks[0].video_examples[0]', { tasks: [task({ video_examples: ['file:///etc/passwd'] })] }],
    ])('answers 422 naming %s for a URI that is not http or https', async (field, overrides) => {
      expectError(await post(campaignBody(overrides as object)), 422, 'validation_failed', field);
    });

    it('answers 422 naming tasks[0].platforms when a task names no platform', async () => {
      expectError(
        await post(campaignBody({ tasks: [task({ platforms: [] })] })),
        422,
        'validation_failed',
        'tasks[0].platforms',
      );
    });

    it.each([
      ['tasks[1].platforms[0]', { platforms: ['myspace'] }],
      ['tasks[1].formats[0]', { formats: ['hologram'] }],
      ['tasks[1].review_mode', { review_mode: 'by_committee' }],
      ['tasks[1].title', { title: undefined }],
      ['tasks[1].instructions', { instructions: undefined }],
      ['tasks[1].max_posts_per_creator', { max_posts_per_creator: 0 }],
    ])('answers 422 naming %s for a bad task', async (field, overrides) => {
      expectError(
        await post(campaignBody({ tasks: [task(), { ...task(), ...overrides } as never] })),
        422,
        'validation_failed',
        field,
      );
    });

    it('answers 422 naming settings.completion_mode for an unknown mode', async () => {
      expectError(
        await post(campaignBody({ settings: { completion_mode: 'most' as never } })),
        422,
        'validation_failed',
        'settings.completion_mode',
      );
    });

    it('answers 400 invalid_request for a body that is not JSON', async () => {
      const res = await ctx.request('POST', '/2026-07/campaigns', {
        key: mine.key.key,
        rawBody: '{"name":',
      });
      expectError(res, 400, 'invalid_request');
    });

    it('writes nothing when the body breaks a rule', async () => {
      const { brand, key } = await ctx.ops.brandWithKey();
      await post(campaignBody({ tasks: [task(), task({ is_required: false })] }), key.key);
      await post(campaignBody({ visibility: 'public', invite_code: 'ABCD1234' }), key.key);
      expect(await campaignsOf(brand.id)).toBe(0);
      const [tasksLeft] = await queryRows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from tasks t join campaigns c on c.id = t.campaign_id where c.brand_id = ${brand.id}`,
      );
      expect(tasksLeft!.n).toBe(0);
    });
  });

  describe('is_required of the tasks', () => {
    it.each([
      ['all_required', true],
      ['pick_one', false],
      ['all_optional', false],
    ] as const)('derives it from completion_mode %s', async (mode, expected) => {
      const res = await post(
        campaignBody({ settings: { completion_mode: mode }, tasks: [task(), task()] }),
      );
      expect(Campaign.parse(expectStatus(res, 201)).tasks!.map((t) => t.is_required)).toEqual([
        expected,
        expected,
      ]);
    });

    it('answers 422 naming tasks[0].is_required when the mode is not some_required', async () => {
      expectError(
        await post(campaignBody({ tasks: [task({ is_required: true })] })),
        422,
        'validation_failed',
        'tasks[0].is_required',
      );
      expectError(
        await post(
          campaignBody({
            settings: { completion_mode: 'pick_one' },
            tasks: [task(), task({ is_required: false })],
          }),
        ),
        422,
        'validation_failed',
        'tasks[1].is_required',
      );
    });

    it('takes it as sent under some_required, defaulting to true', async () => {
      const res = await post(
        campaignBody({
          settings: { completion_mode: 'some_required' },
          tasks: [task({ is_required: false }), task()],
        }),
      );
      expect(Campaign.parse(expectStatus(res, 201)).tasks!.map((t) => t.is_required)).toEqual([
        false,
        true,
      ]);
    });
  });

  describe('authentication and scopes', () => {
    it('answers 401 without a key', async () => {
      expectError(
        await ctx.request('POST', '/2026-07/campaigns', { body: campaignBody() }),
        401,
        'unauthenticated',
      );
    });

    it('answers 403 missing_scope for a key without campaigns:write', async () => {
      const { key } = await ctx.ops.brandWithKey(['campaigns:read']);
      expectError(await post(campaignBody(), key.key), 403, 'missing_scope');
    });
  });
});
