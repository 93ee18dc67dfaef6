import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Campaign, CampaignPage } from '#contract/campaigns';
import {
  campaignIn,
  createCampaign,
  expectError,
  expectStatus,
  task,
} from '../../test/campaigns.ts';
import { apply, newCreator } from '../../test/activity.ts';
import { fileContext, type AgencyWithKey, type BrandWithKey } from '../../test/harness.ts';

const ctx = await fileContext();

async function list(key: string, query = ''): Promise<CampaignPage> {
  const res = await ctx.request('GET', `/2026-07/campaigns${query ? `?${query}` : ''}`, { key });
  return CampaignPage.parse(expectStatus(res, 200));
}

/** Every page of a list, following next_cursor. */
async function walk(
  key: string,
  query: string,
  limit: number,
  between?: (page: number) => Promise<void>,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const q: string = [
      query,
      `limit=${limit}`,
      cursor ? `starting_after=${encodeURIComponent(cursor)}` : '',
    ]
      .filter(Boolean)
      .join('&');
    const res = await list(key, q);
    expect(res.data.length).toBeLessThanOrEqual(limit);
    ids.push(...res.data.map((c) => c.id));
    if (!res.has_more) {
      expect(res.next_cursor).toBeNull();
      return ids;
    }
    cursor = res.next_cursor;
    await between?.(page);
  }
  throw new Error('too many pages');
}

describe('GET /campaigns', () => {
  let brand: BrandWithKey;
  let created: Campaign[];
  beforeAll(async () => {
    brand = await ctx.ops.brandWithKey();
    created = [];
    for (let i = 0; i < 7; i++)
      created.push(await createCampaign(ctx, brand.key.key, { tasks: [task(), task()] }));
  });

  it('answers the brand campaigns newest first, without tasks and with tasks_count', async () => {
    const page = await list(brand.key.key);
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
    expect(page.data.map((c) => c.id)).toEqual([...created].reverse().map((c) => c.id));
    for (const c of page.data) {
      expect(c).not.toHaveProperty('tasks');
      expect(c.tasks_count).toBe(2);
    }
    const { tasks: _tasks, ...withoutTasks } = created[0]!;
    expect(page.data.at(-1)).toEqual(withoutTasks);
  });

  it('orders by created_at then id, descending', async () => {
    const page = await list(brand.key.key);
    for (let i = 1; i < page.data.length; i++) {
      const [a, b] = [page.data[i - 1]!, page.data[i]!];
      expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id)).toBe(
        true,
      );
    }
  });

  it('pages with limit and next_cursor without skipping or repeating', async () => {
    const ids = await walk(brand.key.key, '', 2);
    expect(ids).toEqual([...created].reverse().map((c) => c.id));
    const first = await list(brand.key.key, 'limit=3');
    expect(first.data).toHaveLength(3);
    expect(first.has_more).toBe(true);
    expect(first.next_cursor).toEqual(expect.any(String));
  });

  it('keeps pages stable while campaigns are added between them', async () => {
    const own = await ctx.ops.brandWithKey();
    const before: string[] = [];
    for (let i = 0; i < 6; i++) before.push((await createCampaign(ctx, own.key.key)).id);
    const added: string[] = [];
    const ids = await walk(own.key.key, '', 2, async () => {
      added.push((await createCampaign(ctx, own.key.key)).id);
    });
    // Every campaign that existed is listed once, in order; campaigns added later are newer, so
    // they come before the cursor and are not in the rest of the walk.
    expect(ids).toEqual([...before].reverse());
    expect(new Set(ids).size).toBe(ids.length);
    const all = await walk(own.key.key, '', 4);
    expect(all).toEqual([...before, ...added].reverse());
  });

  it.each(['0', '101', '-1', '2.5', 'ten'])(
    'answers 400 invalid_request naming limit for limit=%s',
    async (limit) => {
      const res = await ctx.request('GET', `/2026-07/campaigns?limit=${limit}`, {
        key: brand.key.key,
      });
      expectError(res, 400, 'invalid_request', 'limit');
    },
  );

  it('accepts limit 1 and 100', async () => {
    expect((await list(brand.key.key, 'limit=1')).data).toHaveLength(1);
    expect((await list(brand.key.key, 'limit=100')).data).toHaveLength(7);
  });

  describe('cursors', () => {
    const cursorOf = async (query: string) => {
      const page = await list(brand.key.key, `limit=2${query}`);
      return page.next_cursor!;
    };
    const getWith = (cursor: string, query = '') =>
      ctx.request(
        'GET',
        `/2026-07/campaigns?limit=2&starting_after=${encodeURIComponent(cursor)}${query}`,
        { key: brand.key.key },
      );

    it('answers 400 invalid_request naming starting_after for a cursor that is not one', async () => {
      expectError(await getWith('not-a-cursor'), 400, 'invalid_request', 'starting_after');
    });

    it('answers 400 for a tampered cursor (its position changed)', async () => {
      const cursor = await cursorOf('');
      const [payload, sig] = cursor.split('.');
      const position = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      position[0] = '2999-01-01T00:00:00.000000Z';
      const forged = `${Buffer.from(JSON.stringify(position)).toString('base64url')}.${sig}`;
      expectError(await getWith(forged), 400, 'invalid_request', 'starting_after');
    });

    it('answers 400 for a truncated cursor and for a changed signature', async () => {
      const cursor = await cursorOf('');
      expectError(await getWith(cursor.slice(0, -3)), 400, 'invalid_request', 'starting_after');
      const last = cursor.at(-1) === 'A' ? 'B' : 'A';
      expectError(
        await getWith(`${cursor.slice(0, -1)}${last}`),
        400,
        'invalid_request',
        'starting_after',
      );
    });

    it('answers 400 for a cursor of the list with other filters', async () => {
      const cursor = await cursorOf('&status=draft');
      expectError(await getWith(cursor), 400, 'invalid_request', 'starting_after');
      expect((await getWith(cursor, '&status=draft')).status).toBe(200);
    });

    it('answers 400 for a cursor of another list (tasks)', async () => {
      const campaign = await createCampaign(ctx, brand.key.key, {
        tasks: [task(), task(), task()],
      });
      const tasks = await ctx.request('GET', `/2026-07/campaigns/${campaign.id}/tasks?limit=1`, {
        key: brand.key.key,
      });
      expectError(await getWith(tasks.json.next_cursor), 400, 'invalid_request', 'starting_after');
    });

    it('answers 400 for a cursor longer than 512 characters', async () => {
      expectError(await getWith('a'.repeat(513)), 400, 'invalid_request', 'starting_after');
    });

    it('is accepted by another app on the same database (the secret is shared)', async () => {
      const cursor = await cursorOf('');
      const other = ctx.makeApp();
      const res = await ctx.requestTo(
        other,
        'GET',
        `/2026-07/campaigns?limit=2&starting_after=${encodeURIComponent(cursor)}`,
        {
          key: brand.key.key,
        },
      );
      expect(res.status).toBe(200);
    });
  });
});

describe('GET /campaigns filters', () => {
  let brand: BrandWithKey;
  const byStatus: Record<string, Campaign> = {};
  beforeAll(async () => {
    brand = await ctx.ops.brandWithKey();
    for (const status of ['draft', 'pending_approval', 'active', 'paused', 'completed'] as const) {
      byStatus[status] = await campaignIn(ctx, brand.key.key, status);
    }
  });

  it('filters by one status', async () => {
    const page = await list(brand.key.key, 'status=paused');
    expect(page.data.map((c) => c.id)).toEqual([byStatus.paused!.id]);
  });

  it('filters by several statuses when status is repeated', async () => {
    const page = await list(brand.key.key, 'status=draft&status=completed&status=draft');
    expect(page.data.map((c) => c.id).sort()).toEqual(
      [byStatus.draft!.id, byStatus.completed!.id].sort(),
    );
  });

  it.each([
    ['status for an unknown status', 'status=archived', 'status[0]'],
    ['an unknown query parameter', 'order=name', 'order'],
  ])('answers 400 naming %s', async (_what, query, field) => {
    expectError(
      await ctx.request('GET', `/2026-07/campaigns?${query}`, { key: brand.key.key }),
      400,
      'invalid_request',
      field,
    );
  });

  it('bounds created_after inclusively and created_before exclusively', async () => {
    const page = await list(brand.key.key);
    const times = page.data.map((c) => c.created_at);
    const middle = page.data[2]!;
    const after = await list(
      brand.key.key,
      `created_after=${encodeURIComponent(middle.created_at)}`,
    );
    expect(after.data.map((c) => c.id)).toEqual(
      page.data.filter((c) => c.created_at >= middle.created_at).map((c) => c.id),
    );
    expect(after.data.map((c) => c.id)).toContain(middle.id);
    const before = await list(
      brand.key.key,
      `created_before=${encodeURIComponent(middle.created_at)}`,
    );
    expect(before.data.map((c) => c.id)).toEqual(
      page.data.filter((c) => c.created_at < middle.created_at).map((c) => c.id),
    );
    expect(before.data.map((c) => c.id)).not.toContain(middle.id);
    expect(times.length).toBe(5);
  });

  it('reads created_after with an offset as the same instant', async () => {
    const page = await list(brand.key.key);
    const oldest = page.data.at(-1)!;
    const shifted = new Date(Date.parse(oldest.created_at) - 1);
    const local = `${new Date(shifted.getTime() + 2 * 3600_000).toISOString().slice(0, 23)}+02:00`;
    expect(
      (await list(brand.key.key, `created_after=${encodeURIComponent(local)}`)).data,
    ).toHaveLength(5);
  });

  it('combines filters, and answers an empty page when nothing matches', async () => {
    const future = encodeURIComponent('2999-01-01T00:00:00Z');
    expect(await list(brand.key.key, `created_after=${future}`)).toEqual({
      data: [],
      has_more: false,
      next_cursor: null,
    });
    const page = await list(brand.key.key, `status=active&created_before=${future}`);
    expect(page.data.map((c) => c.id)).toEqual([byStatus.active!.id]);
  });

  it.each(['yesterday', '2026-07-01', '2026-07-01T10:00:00', '0000-01-01T00:00:00Z'])(
    'answers 400 naming created_after for %s',
    async (value) => {
      const res = await ctx.request(
        'GET',
        `/2026-07/campaigns?created_after=${encodeURIComponent(value)}`,
        { key: brand.key.key },
      );
      expectError(res, 400, 'invalid_request', 'created_after');
    },
  );
});

describe('GET /campaigns tenancy', () => {
  let agency: AgencyWithKey;
  let solo: BrandWithKey;
  const ids: Record<string, string[]> = {};
  beforeAll(async () => {
    agency = await ctx.ops.agencyWithKey(2);
    solo = await ctx.ops.brandWithKey();
    const brandKey = await ctx.ops.createKey({ kind: 'brand', brand_id: agency.brands[0]!.id });
    for (const [name, brandId] of [
      ['a', agency.brands[0]!.id],
      ['b', agency.brands[1]!.id],
    ] as const) {
      ids[name] = [];
      for (let i = 0; i < 2; i++) {
        const res = await ctx.request('POST', '/2026-07/campaigns', {
          key: agency.key.key,
          body: { name: `${name}${i}`, brand_id: brandId },
        });
        ids[name]!.push(expectStatus(res, 201).id);
      }
    }
    ids.solo = [(await createCampaign(ctx, solo.key.key)).id];
    ids.brandKey = [brandKey.key];
  });

  it('shows an agency key the campaigns of every brand it manages', async () => {
    const page = await list(agency.key.key);
    expect(page.data.map((c) => c.id).sort()).toEqual([...ids.a!, ...ids.b!].sort());
  });

  it('narrows an agency key to one brand with brand_id', async () => {
    const page = await list(agency.key.key, `brand_id=${agency.brands[1]!.id}`);
    expect(page.data.map((c) => c.id).sort()).toEqual([...ids.b!].sort());
  });

  it('answers 403 brand_not_managed for a brand_id the agency does not manage', async () => {
    const res = await ctx.request('GET', `/2026-07/campaigns?brand_id=${solo.brand.id}`, {
      key: agency.key.key,
    });
    expectError(res, 403, 'brand_not_managed', 'brand_id');
  });

  it('shows a brand key only its own brand', async () => {
    const page = await list(ids.brandKey![0]!);
    expect(page.data.map((c) => c.id).sort()).toEqual([...ids.a!].sort());
    expect((await list(solo.key.key)).data.map((c) => c.id)).toEqual(ids.solo);
  });

  it('lets a brand key name its own brand_id, and answers 403 for another', async () => {
    expect((await list(solo.key.key, `brand_id=${solo.brand.id}`)).data.map((c) => c.id)).toEqual(
      ids.solo,
    );
    const res = await ctx.request('GET', `/2026-07/campaigns?brand_id=${agency.brands[0]!.id}`, {
      key: solo.key.key,
    });
    expectError(res, 403, 'brand_not_managed', 'brand_id');
  });

  it('answers 400 naming brand_id when it is not a UUID', async () => {
    expectError(
      await ctx.request('GET', '/2026-07/campaigns?brand_id=glow', { key: solo.key.key }),
      400,
      'invalid_request',
      'brand_id',
    );
  });

  it('answers 403 missing_scope for a key without campaigns:read', async () => {
    const { key } = await ctx.ops.brandWithKey(['campaigns:write']);
    expectError(
      await ctx.request('GET', '/2026-07/campaigns', { key: key.key }),
      403,
      'missing_scope',
    );
  });

  it('pages an agency key across its brands in one order, with filters', async () => {
    const many = await ctx.ops.agencyWithKey(3);
    const made: Campaign[] = [];
    for (let i = 0; i < 9; i++) {
      const brandId = many.brands[i % 3]!.id;
      const res = await ctx.request('POST', '/2026-07/campaigns', {
        key: many.key.key,
        body: { name: `c${i}`, brand_id: brandId, ...(i % 2 === 0 ? { tasks: [task()] } : {}) },
      });
      made.push(expectStatus(res, 201));
    }
    for (const c of made.filter((_, i) => i % 4 === 0)) {
      expectStatus(
        await ctx.request('POST', `/2026-07/campaigns/${c.id}/publish`, { key: many.key.key }),
        200,
      );
    }
    const newestFirst = [...made].reverse().map((c) => c.id);
    for (const limit of [1, 2, 4, 100])
      expect(await walk(many.key.key, '', limit)).toEqual(newestFirst);
    const pending = made
      .filter((_, i) => i % 4 === 0)
      .reverse()
      .map((c) => c.id);
    expect(await walk(many.key.key, 'status=pending_approval', 2)).toEqual(pending);
    const middle = made[4]!.created_at;
    expect(await walk(many.key.key, `created_before=${encodeURIComponent(middle)}`, 2)).toEqual(
      made
        .slice(0, 4)
        .reverse()
        .map((c) => c.id),
    );
  });

  it('answers an agency that manages no brand an empty page', async () => {
    const lonely = await ctx.ops.agencyWithKey(0);
    expect(await list(lonely.key.key)).toEqual({ data: [], has_more: false, next_cursor: null });
  });
});

describe('GET /campaigns sort and q', () => {
  let brand: BrandWithKey;
  let made: Campaign[];
  beforeAll(async () => {
    brand = await ctx.ops.brandWithKey();
    made = [];
    // Names out of creation order, two alike but for case, a deadline missing, spend set below.
    const specs: [string, string | null][] = [
      ['beta', '2027-09-03'],
      ['Alpha', null],
      ['gamma 100%', '2027-09-01'],
      ['alpha', '2027-09-02'],
      ['Délta', null],
    ];
    for (const [name, deadline] of specs)
      made.push(
        await createCampaign(ctx, brand.key.key, {
          name,
          ...(deadline ? { content_deadline_date: deadline } : {}),
        }),
      );
    const spent = [300, 0, 300, 50, 1000];
    for (const [i, c] of made.entries())
      await ctx.db.execute(sql`update campaigns set spent_cents = ${spent[i]} where id = ${c.id}`);
  });
  const ids = (...indexes: number[]) => indexes.map((i) => made[i]!.id);
  /** Ties go by id in the order's direction. */
  const byId = (a: number, b: number, desc = false) =>
    made[a]!.id < made[b]!.id !== desc ? [a, b] : [b, a];

  it('orders by each sort on every page size, ties by id', async () => {
    const key = brand.key.key;
    const expected: Record<string, string[]> = {
      newest: ids(4, 3, 2, 1, 0),
      oldest: ids(0, 1, 2, 3, 4),
      name: ids(...byId(1, 3), 0, 4, 2),
      name_desc: ids(2, 4, 0, ...byId(1, 3, true)),
      spent: ids(4, ...byId(0, 2, true), 3, 1),
      deadline: ids(2, 3, 0, ...byId(1, 4)),
    };
    for (const [sort, order] of Object.entries(expected))
      for (const limit of [1, 2, 100])
        expect(await walk(key, `sort=${sort}`, limit), `${sort}, limit ${limit}`).toEqual(order);
  });

  it('keeps names containing q without regard to case or accents, % taken as it is, in any order', async () => {
    const key = brand.key.key;
    expect(await walk(key, 'q=ALPH', 1)).toEqual(ids(3, 1));
    expect(await walk(key, 'q=alph&sort=oldest', 1)).toEqual(ids(1, 3));
    expect(await walk(key, `q=${encodeURIComponent('0%')}`, 1)).toEqual(ids(2));
    // Without accents either way: "Délta" matches "DEL" and "délt", and sorts as "delta".
    expect(await walk(key, 'q=DEL', 1)).toEqual(ids(4));
    expect(await walk(key, `q=${encodeURIComponent('DÉLT')}`, 1)).toEqual(ids(4));
    expect(await walk(key, 'q=a&status=draft&sort=spent', 2)).toEqual(
      ids(4, ...byId(0, 2, true), 3, 1),
    );
    expect(await walk(key, 'q=zzz', 5)).toEqual([]);
  });

  it('binds a cursor to its sort and q, and refuses an unknown sort or an empty q naming them', async () => {
    const key = brand.key.key;
    const first = await list(key, 'sort=name&limit=2');
    const cursor = encodeURIComponent(first.next_cursor!);
    expectError(
      await ctx.request('GET', `/2026-07/campaigns?sort=oldest&starting_after=${cursor}`, { key }),
      400,
      'invalid_request',
      'starting_after',
    );
    expectError(
      await ctx.request('GET', `/2026-07/campaigns?sort=name&q=a&starting_after=${cursor}`, {
        key,
      }),
      400,
      'invalid_request',
      'starting_after',
    );
    expectError(
      await ctx.request('GET', '/2026-07/campaigns?sort=biggest', { key }),
      400,
      'invalid_request',
      'sort',
    );
    expectError(
      await ctx.request('GET', '/2026-07/campaigns?q=%20%20', { key }),
      400,
      'invalid_request',
      'q',
    );
    // Newest first without q signs the cursor as before sort and q existed.
    const newest = await list(key, 'limit=2');
    const next = await list(
      key,
      `sort=newest&limit=2&starting_after=${encodeURIComponent(newest.next_cursor!)}`,
    );
    expect(next.data.map((c) => c.id)).toEqual(ids(2, 1));
  });

  it('pages an agency across its brands in name order', async () => {
    const agency = await ctx.ops.agencyWithKey(2);
    const names = ['m', 'B', 'x', 'a', 'K', 'c'];
    const byName = new Map<string, string>();
    for (const [i, name] of names.entries()) {
      const res = await ctx.request('POST', '/2026-07/campaigns', {
        key: agency.key.key,
        body: { name, brand_id: agency.brands[i % 2]!.id },
      });
      byName.set(name, (expectStatus(res, 201) as Campaign).id);
    }
    const sorted = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    for (const limit of [1, 4])
      expect(await walk(agency.key.key, 'sort=name', limit)).toEqual(
        sorted.map((n) => byName.get(n)),
      );
    expect(await walk(agency.key.key, 'sort=name_desc&q=a', 1)).toEqual([byName.get('a')]);
  });
});

describe('GET /campaigns creators_waiting', () => {
  let brand: BrandWithKey;
  let made: Campaign[];
  /** Applications of `n` new creators to campaign `i`; answers their ids. */
  const applyTo = async (i: number, n: number) => {
    const ids: string[] = [];
    for (let k = 0; k < n; k++) {
      const creator = await newCreator(ctx);
      await apply(ctx, made[i]!.id, creator.id);
      ids.push(creator.id);
    }
    return ids;
  };
  let first: string[];
  beforeAll(async () => {
    brand = await ctx.ops.brandWithKey();
    const approval = { settings: { creator_approval_required: true } };
    made = [
      await campaignIn(ctx, brand.key.key, 'active', approval),
      await campaignIn(ctx, brand.key.key, 'active', approval),
      await campaignIn(ctx, brand.key.key, 'active'), // creators join at once
      await campaignIn(ctx, brand.key.key, 'active', approval),
    ];
    first = await applyTo(0, 3);
    await applyTo(1, 1);
    await applyTo(2, 2);
    await applyTo(3, 1);
  });
  const waiting = async () =>
    new Map((await list(brand.key.key, 'limit=100')).data.map((c) => [c.id, c.creators_waiting]));

  it('counts the applicants waiting on each campaign, 0 where creators join without approval', async () => {
    const counts = await waiting();
    expect(made.map((c) => counts.get(c.id))).toEqual([3, 1, 0, 1]);
    const one = Campaign.parse(
      expectStatus(
        await ctx.request('GET', `/2026-07/campaigns/${made[0]!.id}`, { key: brand.key.key }),
        200,
      ),
    );
    expect(one.creators_waiting).toBe(3);
  });

  it('moves as applicants are approved or rejected', async () => {
    const decide = (creatorId: string, decision: 'approve' | 'reject') =>
      ctx.request('POST', `/2026-07/campaigns/${made[0]!.id}/creators/${creatorId}/${decision}`, {
        key: brand.key.key,
        body: {},
      });
    expectStatus(await decide(first[0]!, 'approve'), 200);
    expectStatus(await decide(first[1]!, 'reject'), 200);
    expect((await waiting()).get(made[0]!.id)).toBe(1);
    // A refused decision (already decided) moves nothing.
    expectError(await decide(first[0]!, 'reject'), 409, 'already_decided');
    expect((await waiting()).get(made[0]!.id)).toBe(1);
  });

  it('sorts by creators_waiting, most first, ties by id descending, on every page size', async () => {
    const key = brand.key.key;
    // Campaign 0 now has 1 waiting like campaigns 1 and 3; campaign 2 has none.
    await applyTo(3, 2);
    const ties = [made[0]!.id, made[1]!.id].sort().reverse();
    for (const limit of [1, 2, 100])
      expect(await walk(key, 'sort=creators_waiting', limit), `limit ${limit}`).toEqual([
        made[3]!.id,
        ...ties,
        made[2]!.id,
      ]);
    const top = await list(key, 'sort=creators_waiting&status=active&limit=1');
    expect(top.data.map((c) => [c.id, c.creators_waiting])).toEqual([[made[3]!.id, 3]]);
  });
});
