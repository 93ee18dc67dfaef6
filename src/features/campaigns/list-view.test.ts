import { describe, expect, it } from 'vitest';
import {
  type CampaignSort,
  effectiveBrand,
  readListView,
  searchAndSort,
  serviceFilters,
  startOfLocalDay,
  writeListView,
} from './list-view';
import { makeCampaign } from '#test/fixtures';

describe('campaign list view', () => {
  it('reads filters, search, sort and brand from the URL, ignoring what it does not know', () => {
    const view = readListView(
      new URLSearchParams(
        'status=paused&status=bogus&status=draft&from=2026-07-01&to=2026-02-30&q=glow&sort=name&brand=all',
      ),
    );

    expect(view).toEqual({
      statuses: ['draft', 'paused'],
      createdFrom: '2026-07-01',
      createdTo: null,
      search: 'glow',
      sort: 'name',
      brand: 'all',
    });
    expect(readListView(new URLSearchParams('sort=sideways')).sort).toBe('newest');
  });

  it('writes only what differs from the defaults, statuses in the interface’s order', () => {
    const params = writeListView({
      ...readListView(new URLSearchParams()),
      statuses: ['draft', 'paused'],
      search: 'glow',
    });

    expect(params.toString()).toBe('status=draft&status=paused&q=glow');
    expect(writeListView(readListView(new URLSearchParams())).toString()).toBe('');
  });

  it('sends the created range as date-times from the viewer’s midnights, the last day included', () => {
    const view = readListView(new URLSearchParams('from=2026-07-01&to=2026-07-31&status=active'));

    expect(serviceFilters(view, 'current')).toEqual({
      status: ['active'],
      created_after: new Date(2026, 6, 1).toISOString(),
      created_before: new Date(2026, 7, 1).toISOString(),
    });
    expect(startOfLocalDay('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
  });

  it('leaves a reversed range out of the request', () => {
    const view = readListView(new URLSearchParams('from=2026-08-01&to=2026-07-01'));

    expect(serviceFilters(view, 'current')).toEqual({});
  });

  it('keeps a brand choice only for an agency key acting for that brand', () => {
    const view = (brand: string) => readListView(new URLSearchParams({ brand }));
    const agency = ['b1', 'b2'];

    expect(effectiveBrand(view('all'), agency, 'b1')).toBe('all');
    expect(effectiveBrand(view('b2'), agency, 'b1')).toBe('b2');
    expect(effectiveBrand(view('b1'), agency, 'b1')).toBe('current');
    expect(effectiveBrand(view('b9'), agency, 'b1')).toBe('current');
    expect(effectiveBrand(view('all'), null, 'b1')).toBe('current');
    expect(serviceFilters(view('all'), 'all')).toEqual({ brand: 'all' });
  });

  // Two names alike but for case and an accent, one of them tied on spend: the order must be stable.
  const rows = [
    makeCampaign(3, { name: 'Crème launch', spent_cents: 500, content_deadline_date: null }),
    makeCampaign(2, {
      name: 'autumn drop',
      spent_cents: 900,
      content_deadline_date: '2026-09-01',
    }),
    makeCampaign(1, {
      name: 'Creme refill',
      spent_cents: 500,
      content_deadline_date: '2026-08-01',
    }),
  ];

  it.each<[string, CampaignSort, string[]]>([
    [' CREME ', 'newest', ['Crème launch', 'Creme refill']],
    ['', 'oldest', ['Creme refill', 'autumn drop', 'Crème launch']],
    ['', 'name', ['autumn drop', 'Crème launch', 'Creme refill']],
    ['', 'spent', ['autumn drop', 'Crème launch', 'Creme refill']],
    ['', 'deadline', ['Creme refill', 'autumn drop', 'Crème launch']],
  ])(
    'searches names without case or accents (%j) and sorts stably (%s)',
    (search, sort, expected) => {
      expect(searchAndSort(rows, search, sort).map((row) => row.name)).toEqual(expected);
    },
  );
});
