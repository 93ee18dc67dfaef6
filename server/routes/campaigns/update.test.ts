import { describe, expect, it } from 'vitest';
import { Campaign, type CampaignCreate, type CampaignUpdate } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import {
  ALL_STATUSES,
  campaignIn,
  createCampaign,
  expectError,
  expectStatus,
  task,
} from '../../test/campaigns.ts';
import type { App } from '../../app.ts';
import { brandWorld } from '../../test/harness.ts';

const { ctx, brand } = await brandWorld();

const patch = (id: string, body: unknown, options: { key?: string; app?: App } = {}) =>
  ctx.requestTo(options.app ?? ctx.app, 'PATCH', `/2026-07/campaigns/${id}`, {
    key: options.key ?? brand.key.key,
    body,
  });
const read = async (id: string) =>
  Campaign.parse(
    expectStatus(await ctx.request('GET', `/2026-07/campaigns/${id}`, { key: brand.key.key }), 200),
  );

/** PATCHes a campaign as the brand; expects 200 and answers the updated campaign. */
const patched = async (id: string, body: CampaignUpdate) =>
  Campaign.parse(expectStatus(await patch(id, body), 200));

type Field = keyof CampaignUpdate;

/** A change the answer shows back as sent, in the field of the same name. */
const echoed = <F extends Field & keyof Campaign>(field: F, value: CampaignUpdate[F]) => ({
  body: { [field]: value },
  shows: (c: Campaign) => c[field],
  expected: value,
});

/** One change per field of the lock table, the campaign it needs, and how the answer shows it. */
const CHANGES: Record<
  Field,
  {
    body: CampaignUpdate;
    create?: Partial<CampaignCreate>;
    shows: (c: Campaign) => unknown;
    expected: unknown;
  }
> = {
  name: echoed('name', 'Renamed'),
  description: echoed('description', 'New words'),
  instructions: echoed('instructions', 'Do this'),
  icon_url: echoed('icon_url', 'https://example.com/i.png'),
  brief_url: echoed('brief_url', 'https://example.com/brief'),
  video_examples: echoed('video_examples', ['https://example.com/v.mp4']),
  links: {
    body: { links: [{ url: 'https://example.com/l' }] },
    shows: (c) => c.links.map((l) => l.url),
    expected: ['https://example.com/l'],
  },
  product: {
    body: { product: { name: 'Serum' } },
    shows: (c) => c.product,
    expected: { name: 'Serum', url: null, image_url: null },
  },
  visibility: echoed('visibility', 'unlisted'),
  invite_code: {
    // A new code each time: codes are unique across campaigns.
    get body() {
      return { invite_code: `CODE-${crypto.randomUUID().slice(0, 8)}` };
    },
    create: { visibility: 'unlisted' },
    shows: (c) => c.invite_code?.startsWith('CODE-'),
    expected: true,
  },
  targeting: echoed('targeting', { root_operator: 'OR', groups: [] }),
  settings: {
    body: { settings: { post_approval_mode: 'strict' } },
    shows: (c) => c.settings.post_approval_mode,
    expected: 'strict',
  },
  content_deadline_date: echoed('content_deadline_date', '2099-01-01'),
  post_deadline_date: echoed('post_deadline_date', '2099-02-01'),
};

/** docs/api.md#what-patch-may-change: which fields PATCH may change in each status. */
const EDITABLE: Record<CampaignStatus, (field: Field) => boolean> = {
  draft: () => true,
  pending_approval: () => false,
  active: (f) => f !== 'targeting' && f !== 'settings',
  paused: (f) => f !== 'targeting' && f !== 'settings',
  completed: () => false,
};

const cells = ALL_STATUSES.flatMap((status) =>
  (Object.keys(CHANGES) as Field[]).map(
    (field) => [status, field, EDITABLE[status](field)] as const,
  ),
);

describe('PATCH /campaigns/{id}: the lock table', () => {
  it.each(cells)('in %s, %s may change: %s', async (status, field, editable) => {
    const change = CHANGES[field];
    const campaign = await campaignIn(ctx, brand.key.key, status, change.create ?? {});
    const res = await patch(campaign.id, change.body);
    if (editable) {
      const updated = Campaign.parse(expectStatus(res, 200));
      expect(change.shows(updated)).toEqual(change.expected);
      expect(updated.status).toBe(status);
      expect(updated.updated_at > campaign.updated_at).toBe(true);
      expect(await read(campaign.id)).toEqual(updated);
    } else {
      expectError(res, 409, 'field_locked_for_status', field);
      expect(res.json.message).toBe(`${field}: cannot be changed while the campaign is ${status}`);
      expect(await read(campaign.id)).toEqual(campaign);
    }
  });
});

describe('PATCH /campaigns/{id}', () => {
  it('names the first locked field in the order sent', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active');
    const a = await patch(campaign.id, {
      name: 'ok',
      targeting: { root_operator: 'AND', groups: [] },
      settings: { post_approval_mode: 'lenient' },
    });
    expectError(a, 409, 'field_locked_for_status', 'targeting');
    const b = await patch(campaign.id, {
      settings: { post_approval_mode: 'lenient' },
      name: 'ok',
      targeting: { root_operator: 'AND', groups: [] },
    });
    expectError(b, 409, 'field_locked_for_status', 'settings');
    expect((await read(campaign.id)).name).toBe(campaign.name);
  });

  it('accepts a locked field sent with the value it already has (not a change)', async () => {
    const targeting = {
      root_operator: 'AND' as const,
      groups: [
        {
          operator: 'OR' as const,
          conditions: [{ property: 'prop_country', operator: 'IN' as const, values: ['c_us'] }],
        },
      ],
    };
    const campaign = await campaignIn(ctx, brand.key.key, 'active', {
      targeting,
      settings: { completion_mode: 'pick_one' },
    });
    const res = await patch(campaign.id, {
      name: 'Renamed',
      targeting,
      settings: { completion_mode: 'pick_one', post_approval_mode: 'moderate' },
    });
    expect(Campaign.parse(expectStatus(res, 200))).toMatchObject({ name: 'Renamed', targeting });
    const locked = await campaignIn(ctx, brand.key.key, 'completed');
    expect(expectStatus(await patch(locked.id, { name: locked.name, links: [] }), 200)).toEqual(
      locked,
    );
  });

  it('answers an empty body with the campaign unchanged', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    expect(await patched(campaign.id, {})).toEqual(campaign);
  });

  it('clears a field sent as null', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      description: 'x',
      icon_url: 'https://example.com/i.png',
      targeting: { root_operator: 'AND', groups: [] },
    });
    const res = await patch(campaign.id, { description: null, icon_url: null, targeting: null });
    expect(Campaign.parse(expectStatus(res, 200))).toMatchObject({
      description: null,
      icon_url: null,
      targeting: null,
    });
  });

  it('merges settings key by key', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      settings: { creator_approval_required: true, completion_mode: 'all_optional' },
    });
    const res = await patch(campaign.id, { settings: { post_approval_mode: 'always' } });
    expect(Campaign.parse(expectStatus(res, 200)).settings).toEqual({
      creator_approval_required: true,
      brand_approval_required: false,
      post_approval_mode: 'always',
      completion_mode: 'all_optional',
    });
  });

  it('replaces links whole with new ids, and keeps the ids of links sent back unchanged', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      links: [{ url: 'https://a.example.com', service: 'shop' }, { url: 'https://b.example.com' }],
    });
    const same = Campaign.parse(
      expectStatus(
        await patch(campaign.id, {
          links: [
            { url: 'https://a.example.com', service: 'shop' },
            { url: 'https://b.example.com' },
          ],
        }),
        200,
      ),
    );
    expect(same.links).toEqual(campaign.links);
    const replaced = await patched(campaign.id, { links: [{ url: 'https://b.example.com' }] });
    expect(replaced.links).toHaveLength(1);
    expect(replaced.links[0]!.url).toBe('https://b.example.com');
    expect(campaign.links.map((l) => l.id)).not.toContain(replaced.links[0]!.id);
  });

  it('replaces the product whole', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      product: {
        name: 'Serum',
        url: 'https://example.com/s',
        image_url: 'https://example.com/s.png',
      },
    });
    const res = await patch(campaign.id, {
      product: { name: 'Cream', url: 'https://example.com/c' },
    });
    expect(Campaign.parse(expectStatus(res, 200)).product).toEqual({
      name: 'Cream',
      url: 'https://example.com/c',
      image_url: null,
    });
  });

  it.each([
    ['brand_id', { brand_id: '00000000-0000-4000-8000-000000000000' }],
    ['tasks', { tasks: [] }],
    ['status', { status: 'active' }],
    ['spent_cents', { spent_cents: 0 }],
    ['id', { id: '00000000-0000-4000-8000-000000000000' }],
    ['colour', { colour: 'red' }],
  ])('answers 422 naming %s, which PATCH does not take', async (field, body) => {
    const campaign = await createCampaign(ctx, brand.key.key);
    expectError(await patch(campaign.id, body), 422, 'validation_failed', field);
  });

  it('answers 422 naming a URI that is not http or https', async () => {
    const campaign = await createCampaign(ctx, brand.key.key);
    expectError(
      await patch(campaign.id, { brief_url: 'javascript:alert(1)' }),
      422,
      'validation_failed',
      'brief_url',
    );
  });

  it("answers 404 for another brand's campaign and changes nothing", async () => {
    const other = await ctx.ops.brandWithKey();
    const theirs = await createCampaign(ctx, other.key.key);
    expectError(await patch(theirs.id, { name: 'Mine now' }), 404, 'not_found');
  });

  describe('invite codes', () => {
    it('generates a code when a public campaign becomes unlisted, and clears it when it becomes public again', async () => {
      const campaign = await createCampaign(ctx, brand.key.key);
      const unlisted = await patched(campaign.id, { visibility: 'unlisted' });
      expect(unlisted.invite_code).toMatch(/^[A-Z2-9]{10}$/);
      const same = await patched(campaign.id, { name: 'x' });
      expect(same.invite_code).toBe(unlisted.invite_code);
      const pub = await patched(campaign.id, { visibility: 'public' });
      expect(pub.invite_code).toBeNull();
    });

    it('takes the code sent with the switch to unlisted, and a new code for an unlisted campaign', async () => {
      const campaign = await createCampaign(ctx, brand.key.key);
      const code = `mine-${crypto.randomUUID().slice(0, 8)}`;
      const res = await patch(campaign.id, { visibility: 'unlisted', invite_code: code });
      expect(Campaign.parse(expectStatus(res, 200)).invite_code).toBe(code);
      const next = `${code}-2`;
      expect((await patched(campaign.id, { invite_code: next })).invite_code).toBe(next);
    });

    it('answers 422 naming invite_code for a public campaign', async () => {
      const campaign = await createCampaign(ctx, brand.key.key);
      expectError(
        await patch(campaign.id, { invite_code: 'ABCD1234' }),
        422,
        'validation_failed',
        'invite_code',
      );
      const unlisted = await createCampaign(ctx, brand.key.key, { visibility: 'unlisted' });
      expectError(
        await patch(unlisted.id, { visibility: 'public', invite_code: 'ABCD1234' }),
        422,
        'validation_failed',
        'invite_code',
      );
      expect((await read(unlisted.id)).visibility).toBe('unlisted');
    });

    it('answers 422 naming invite_code when another campaign has the code', async () => {
      const code = `taken-${crypto.randomUUID().slice(0, 8)}`;
      await createCampaign(ctx, brand.key.key, { visibility: 'unlisted', invite_code: code });
      const campaign = await createCampaign(ctx, brand.key.key, { visibility: 'unlisted' });
      expectError(
        await patch(campaign.id, { invite_code: code }),
        422,
        'validation_failed',
        'invite_code',
      );
    });
  });

  describe('deadlines', () => {
    const today = '2031-05-20';
    const clock = () => ctx.makeApp({ now: () => new Date(`${today}T12:00:00Z`) });

    it.each(['active', 'paused'] as const)(
      'in %s, answers 422 for a deadline earlier than today and accepts today',
      async (status) => {
        const app = clock();
        const campaign = await campaignIn(ctx, brand.key.key, status);
        expectError(
          await patch(campaign.id, { content_deadline_date: '2031-05-19' }, { app }),
          422,
          'validation_failed',
          'content_deadline_date',
        );
        expectError(
          await patch(campaign.id, { post_deadline_date: '2020-01-01' }, { app }),
          422,
          'validation_failed',
          'post_deadline_date',
        );
        const res = await patch(
          campaign.id,
          { content_deadline_date: today, post_deadline_date: today },
          { app },
        );
        expect(Campaign.parse(expectStatus(res, 200))).toMatchObject({
          content_deadline_date: today,
          post_deadline_date: today,
        });
        const cleared = await patch(campaign.id, { content_deadline_date: null }, { app });
        expect(Campaign.parse(expectStatus(cleared, 200)).content_deadline_date).toBeNull();
      },
    );

    it('refuses a past date in a draft too, in the issues of the answer', async () => {
      const campaign = await createCampaign(ctx, brand.key.key);
      const res = await patch(
        campaign.id,
        { content_deadline_date: '2020-01-01' },
        { app: clock() },
      );
      expectError(res, 422, 'validation_failed', 'content_deadline_date');
      expect(res.json.issues).toEqual([
        { field: 'content_deadline_date', message: `must not be earlier than today (${today})` },
      ]);
    });

    it('checks the order against the stored deadlines, naming the field sent', async () => {
      const campaign = await createCampaign(ctx, brand.key.key, {
        content_deadline_date: '2099-01-10',
        post_deadline_date: '2099-02-01',
      });
      expectError(
        await patch(campaign.id, { content_deadline_date: '2099-03-01' }),
        422,
        'validation_failed',
        'content_deadline_date',
      );
      expectError(
        await patch(campaign.id, { post_deadline_date: '2099-01-05' }),
        422,
        'validation_failed',
        'post_deadline_date',
      );
      expectError(
        await patch(campaign.id, {
          post_deadline_date: '2099-01-05',
          content_deadline_date: '2099-01-06',
        }),
        422,
        'validation_failed',
        'content_deadline_date',
      );
      const moved = await patch(campaign.id, {
        post_deadline_date: '2099-03-05',
        content_deadline_date: '2099-03-01',
      });
      expect(Campaign.parse(expectStatus(moved, 200))).toMatchObject({
        content_deadline_date: '2099-03-01',
        post_deadline_date: '2099-03-05',
      });
    });

    it('answers 422 for year 0000', async () => {
      const campaign = await createCampaign(ctx, brand.key.key);
      expectError(
        await patch(campaign.id, { post_deadline_date: '0000-01-01' }),
        422,
        'validation_failed',
        'post_deadline_date',
      );
    });
  });

  describe('completion_mode and is_required', () => {
    const requiredOf = (c: Campaign) => c.tasks!.map((t) => t.is_required);

    it('re-derives is_required of every task when completion_mode changes', async () => {
      const campaign = await createCampaign(ctx, brand.key.key, {
        tasks: [task(), task(), task()],
      });
      expect(requiredOf(campaign)).toEqual([true, true, true]);
      const pick = await patched(campaign.id, { settings: { completion_mode: 'pick_one' } });
      expect(requiredOf(pick)).toEqual([false, false, false]);
      const some = await patched(campaign.id, { settings: { completion_mode: 'some_required' } });
      expect(requiredOf(some)).toEqual([false, false, false]);
      const taskId = some.tasks![1]!.id;
      expectStatus(
        await ctx.request('PATCH', `/2026-07/campaigns/${campaign.id}/tasks/${taskId}`, {
          key: brand.key.key,
          body: { is_required: true },
        }),
        200,
      );
      expect(requiredOf(await read(campaign.id))).toEqual([false, true, false]);
      const all = await patched(campaign.id, { settings: { completion_mode: 'all_required' } });
      expect(requiredOf(all)).toEqual([true, true, true]);
      const optional = await patched(campaign.id, {
        settings: { completion_mode: 'all_optional' },
      });
      expect(requiredOf(optional)).toEqual([false, false, false]);
    });
  });
});
