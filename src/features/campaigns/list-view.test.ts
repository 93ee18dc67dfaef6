import { describe, expect, it } from 'vitest';
import {
  effectiveBrand,
  readListView,
  serviceFilters,
  startOfLocalDay,
  writeListView,
} from './list-view';

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

  it('sends the trimmed search and any order but the newest first to the service', () => {
    const view = readListView(new URLSearchParams('q=%20Crème%20&sort=deadline'));
    expect(serviceFilters(view, 'current')).toEqual({ q: 'Crème', sort: 'deadline' });
    expect(serviceFilters(readListView(new URLSearchParams('q=%20%20')), 'current')).toEqual({});
  });
});
