import { describe, expect, it } from 'vitest';
import {
  Campaign,
  CampaignCreate,
  CampaignDeleted,
  CampaignListQuery,
  CampaignPage,
  CampaignSummary,
  CampaignUpdate,
  deadlinesInOrder,
} from './campaigns.ts';
import { campaignWithoutContent } from './fixtures.ts';
import { formatIssues } from './issues.ts';

const BRAND = '7d0f4a5e-1c2b-4c3d-8e9f-0a1b2c3d4e5f';
const ID = '0b9e8f3a-6c5d-4e7f-9a1b-2c3d4e5f6a7b';

function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return result.error?.issues ?? [];
}

describe('CampaignCreate', () => {
  it('accepts a skeletal draft with only a name', () => {
    expect(CampaignCreate.parse({ name: 'Summer launch' })).toEqual({ name: 'Summer launch' });
  });

  it('accepts a full body with tasks, links, targeting and settings', () => {
    const body = {
      name: 'Summer launch',
      visibility: 'unlisted',
      invite_code: 'SUMMER-26',
      brand_id: BRAND,
      product: { name: 'Sunscreen', url: 'https://example.com/p', image_url: null },
      description: 'Shown to creators',
      instructions: 'Be yourself',
      icon_url: 'https://cdn.example.com/i.png',
      brief_url: 'http://example.com/brief',
      video_examples: ['https://example.com/v.mp4'],
      links: [{ url: 'https://shop.example.com', service: 'Shop', affiliate_code: 'AFF1' }],
      targeting: {
        root_operator: 'AND',
        groups: [
          { operator: 'OR', conditions: [{ property: 'age', operator: 'IN', values: ['18-34'] }] },
        ],
      },
      content_deadline_date: '2026-08-01',
      post_deadline_date: '2026-08-01',
      settings: { completion_mode: 'pick_one', post_approval_mode: 'always' },
      tasks: [{ title: 'Unboxing', instructions: 'Open it on camera', platforms: ['tiktok'] }],
    };
    const parsed = CampaignCreate.parse(body);
    expect(parsed.links?.[0]?.service).toBe('shop');
    expect(parsed.tasks).toHaveLength(1);
  });

  it('refuses unknown and read-only fields and names them', () => {
    const result = CampaignCreate.safeParse({
      name: 'x',
      id: ID,
      status: 'active',
      spent_cents: 5,
      colour: 'red',
    });
    const message = formatIssues(issuesOf(result) as never);
    for (const field of ['id', 'status', 'spent_cents', 'colour'])
      expect(message).toContain(`${field}: `);
  });

  it('refuses unknown fields inside nested objects, naming the path', () => {
    const result = CampaignCreate.safeParse({
      name: 'x',
      tasks: [{ title: 't', instructions: 'i', platforms: ['tiktok'], status: 'archived' }],
      links: [{ id: ID, url: 'https://example.com' }],
    });
    const message = formatIssues(issuesOf(result) as never);
    expect(message).toContain('tasks[0].status: unknown field');
    expect(message).toContain('links[0].id: unknown field');
  });

  it('requires a non-blank name', () => {
    expect(issuesOf(CampaignCreate.safeParse({})).map((i) => i.path)).toEqual([['name']]);
    expect(issuesOf(CampaignCreate.safeParse({ name: '   ' })).map((i) => i.path)).toEqual([
      ['name'],
    ]);
  });

  // Deadlines in the wrong order: content due a day after its post.
  const CONTENT_AFTER_POST = {
    content_deadline_date: '2026-08-02',
    post_deadline_date: '2026-08-01',
  };

  it('refuses a content deadline after the post deadline, on content_deadline_date', () => {
    const issues = issuesOf(CampaignCreate.safeParse({ name: 'x', ...CONTENT_AFTER_POST }));
    expect(issues).toEqual([
      expect.objectContaining({
        path: ['content_deadline_date'],
        message: 'must be on or before post_deadline_date',
      }),
    ]);
  });

  it('reports the deadline order even when another field is also wrong', () => {
    const issues = issuesOf(CampaignCreate.safeParse({ name: '', ...CONTENT_AFTER_POST }));
    expect(issues.map((i) => i.path)).toEqual([['name'], ['content_deadline_date']]);
  });

  it('accepts equal deadlines and one deadline alone', () => {
    expect(
      CampaignCreate.safeParse({ name: 'x', content_deadline_date: '2026-08-01' }).success,
    ).toBe(true);
    expect(CampaignCreate.safeParse({ name: 'x', post_deadline_date: '2026-08-01' }).success).toBe(
      true,
    );
  });

  it('refuses dates that are not YYYY-MM-DD', () => {
    for (const date of ['2026-8-1', '2026-02-30', '01/08/2026', '2026-08-01T00:00:00Z']) {
      expect(
        issuesOf(CampaignCreate.safeParse({ name: 'x', post_deadline_date: date })).map(
          (i) => i.path,
        ),
      ).toEqual([['post_deadline_date']]);
    }
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'ftp://example.com/x',
    'example.com',
    '',
  ])('refuses the non-http URI %j', (url) => {
    const issues = issuesOf(
      CampaignCreate.safeParse({
        name: 'x',
        icon_url: url,
        video_examples: [url],
        links: [{ url }],
        product: { name: 'p', url },
      }),
    );
    expect(issues.map((i) => i.path)).toEqual([
      ['product', 'url'],
      ['icon_url'],
      ['video_examples', 0],
      ['links', 0, 'url'],
    ]);
  });

  it('refuses a URI longer than 2048 characters', () => {
    const url = `https://example.com/${'a'.repeat(2048)}`;
    expect(CampaignCreate.safeParse({ name: 'x', brief_url: url }).success).toBe(false);
  });

  it('bounds the lists of a request', () => {
    const url = 'https://example.com/v';
    expect(
      CampaignCreate.safeParse({ name: 'x', video_examples: Array(21).fill(url) }).success,
    ).toBe(false);
    expect(CampaignCreate.safeParse({ name: 'x', links: Array(51).fill({ url }) }).success).toBe(
      false,
    );
    const task = { title: 't', instructions: 'i', platforms: ['tiktok'] };
    expect(CampaignCreate.safeParse({ name: 'x', tasks: Array(50).fill(task) }).success).toBe(true);
    expect(CampaignCreate.safeParse({ name: 'x', tasks: Array(51).fill(task) }).success).toBe(
      false,
    );
    expect(CampaignCreate.safeParse({ name: 'x'.repeat(201) }).success).toBe(false);
    expect(CampaignCreate.safeParse({ name: 'x', description: 'd'.repeat(10_001) }).success).toBe(
      false,
    );
  });

  it('refuses a task with no platform inside a creation body', () => {
    const issues = issuesOf(
      CampaignCreate.safeParse({
        name: 'x',
        tasks: [{ title: 't', instructions: 'i', platforms: [] }],
      }),
    );
    expect(issues.map((i) => i.path)).toEqual([['tasks', 0, 'platforms']]);
  });

  it('takes an invite_code only for an unlisted campaign', () => {
    expect(
      CampaignCreate.safeParse({ name: 'x', visibility: 'unlisted', invite_code: 'abcd' }).success,
    ).toBe(true);
    expect(CampaignCreate.safeParse({ name: 'x', visibility: 'unlisted' }).success).toBe(true);
    for (const body of [
      { name: 'x', visibility: 'public', invite_code: 'abcd' },
      { name: 'x', invite_code: 'abcd' },
    ]) {
      expect(issuesOf(CampaignCreate.safeParse(body)).map((i) => i.path)).toEqual([
        ['invite_code'],
      ]);
    }
  });

  it('accepts null to mean "none" for nullable fields and targeting', () => {
    const body = {
      name: 'x',
      description: null,
      icon_url: null,
      targeting: null,
      post_deadline_date: null,
    };
    expect(CampaignCreate.parse(body)).toEqual(body);
  });

  it('names the inner field of a wrong targeting', () => {
    const issues = issuesOf(
      CampaignCreate.safeParse({ name: 'x', targeting: { root_operator: 'XOR', groups: [] } }),
    );
    expect(formatIssues(issues as never)).toMatch(/^targeting.root_operator: /);
  });
});

describe('CampaignUpdate', () => {
  it('accepts an empty body and any subset of the editable fields', () => {
    expect(CampaignUpdate.parse({})).toEqual({});
    expect(CampaignUpdate.parse({ description: 'new' })).toEqual({ description: 'new' });
  });

  it('refuses brand_id and tasks, which a PATCH cannot change', () => {
    const result = CampaignUpdate.safeParse({ brand_id: BRAND, tasks: [] });
    expect(formatIssues(issuesOf(result) as never)).toBe(
      'brand_id: unknown field; tasks: unknown field',
    );
  });

  it('checks the deadline order when both deadlines are given', () => {
    expect(CampaignUpdate.safeParse({ content_deadline_date: '2026-09-01' }).success).toBe(true);
    expect(
      issuesOf(
        CampaignUpdate.safeParse({
          content_deadline_date: '2026-09-02',
          post_deadline_date: '2026-09-01',
        }),
      ).map((i) => i.path),
    ).toEqual([['content_deadline_date']]);
  });

  it('leaves an invite_code without visibility to the service, which knows the stored visibility', () => {
    expect(CampaignUpdate.safeParse({ invite_code: 'abcd' }).success).toBe(true);
    expect(CampaignUpdate.safeParse({ invite_code: 'abcd', visibility: 'public' }).success).toBe(
      false,
    );
  });
});

describe('deadlinesInOrder', () => {
  it('compares calendar dates and ignores a missing side', () => {
    expect(
      deadlinesInOrder({ content_deadline_date: '2026-01-31', post_deadline_date: '2026-02-01' }),
    ).toBe(true);
    expect(
      deadlinesInOrder({ content_deadline_date: '2026-02-02', post_deadline_date: '2026-02-01' }),
    ).toBe(false);
    expect(
      deadlinesInOrder({ content_deadline_date: '2026-02-02', post_deadline_date: null }),
    ).toBe(true);
  });
});

describe('CampaignListQuery', () => {
  it('defaults limit to 25 and the order to the newest first', () => {
    expect(CampaignListQuery.parse({})).toEqual({ limit: 25, sort: 'newest' });
  });

  it('coerces limit from the query string and keeps it within 1 to 100', () => {
    expect(CampaignListQuery.parse({ limit: '1' }).limit).toBe(1);
    expect(CampaignListQuery.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '101', '2.5', 'ten', '', '-1']) {
      expect(issuesOf(CampaignListQuery.safeParse({ limit }))).toEqual([
        expect.objectContaining({ path: ['limit'], message: 'must be an integer from 1 to 100' }),
      ]);
    }
  });

  it('takes status once or repeated, always as an array', () => {
    expect(CampaignListQuery.parse({ status: 'draft' }).status).toEqual(['draft']);
    expect(CampaignListQuery.parse({ status: ['draft', 'paused'] }).status).toEqual([
      'draft',
      'paused',
    ]);
    expect(CampaignListQuery.parse({}).status).toBeUndefined();
  });

  it('refuses an unknown status, naming its position', () => {
    expect(
      issuesOf(CampaignListQuery.safeParse({ status: ['draft', 'archived'] })).map((i) => i.path),
    ).toEqual([['status', 1]]);
  });

  it('refuses unknown parameters', () => {
    expect(formatIssues(issuesOf(CampaignListQuery.safeParse({ order: 'name' })) as never)).toBe(
      'order: unknown field',
    );
  });

  it('checks brand_id and the created_* times', () => {
    expect(
      CampaignListQuery.safeParse({
        brand_id: BRAND,
        created_after: '2026-07-01T00:00:00Z',
        created_before: '2026-07-02T00:00:00.000+02:00',
      }).success,
    ).toBe(true);
    expect(
      issuesOf(CampaignListQuery.safeParse({ brand_id: 'acme', created_after: '2026-07-01' })).map(
        (i) => i.path,
      ),
    ).toEqual([['brand_id'], ['created_after']]);
  });
});

describe('Campaign responses', () => {
  const campaign = {
    id: ID,
    name: 'x',
    brand_id: BRAND,
    brand_name: 'Acme',
    status: 'draft',
    ...campaignWithoutContent(),
    product: { name: 'p', url: null, image_url: null },
    spent_cents: 0,
    accepting_submissions: true,
    tasks_count: 0,
    creators_waiting: 0,
    created_at: '2026-07-01T10:00:00.000Z',
    updated_at: '2026-07-01T10:00:00.000Z',
  };

  it('parses a listed campaign without tasks, and a page of them; a single one must embed its tasks', () => {
    expect(CampaignSummary.parse(campaign)).toEqual(campaign);
    expect(Campaign.safeParse(campaign).success).toBe(false);
    expect(Campaign.parse({ ...campaign, tasks: [] }).tasks).toEqual([]);
    expect(
      CampaignPage.parse({ data: [campaign], has_more: false, next_cursor: null }).data,
    ).toHaveLength(1);
  });

  it('parses a status detail', () => {
    const detail = {
      kind: 'publish_denied',
      reason: 'Missing disclosure',
      occurred_at: '2026-07-01T10:00:00Z',
    };
    expect(CampaignSummary.parse({ ...campaign, status_detail: detail }).status_detail).toEqual(
      detail,
    );
  });

  it('confirms a deletion with deleted: true', () => {
    expect(CampaignDeleted.parse({ id: ID, deleted: true })).toEqual({ id: ID, deleted: true });
    expect(CampaignDeleted.safeParse({ id: ID, deleted: false }).success).toBe(false);
  });
});
