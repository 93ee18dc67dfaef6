import type { QueueCounts } from '#contract/submissions';
import { describe, expect, it } from 'vitest';
import { NO_FILTERS, countOf, readReviewView, scopeOf, writeQueueFilters } from './queue-filters';

// Each side's queue is what waits for that side; the brand sees what waits for its agency apart
// (docs/decisions/0163).

const counts: QueueCounts = {
  in_review: 12,
  awaiting_agency: 3,
  awaiting_brand: 2,
  failed: 1,
  by_campaign: [],
  by_campaign_has_more: false,
};

describe('the views of the review screen', () => {
  it('the brand’s queue lists what waits for the brand, never what waits for its agency', () => {
    expect(scopeOf('waiting', 'brand', NO_FILTERS)).toEqual({
      status: 'in_review',
      awaiting: ['brand', 'none'],
      campaign: null,
      task: null,
    });
    expect(countOf('waiting', 'brand', counts)).toBe(9);
  });

  it('the brand’s “with the agency” view lists and counts what waits for the agency', () => {
    expect(scopeOf('agency', 'brand', { campaign: 'c1', task: 't1' })).toEqual({
      status: 'in_review',
      awaiting: ['agency'],
      campaign: 'c1',
      task: 't1',
    });
    expect(countOf('agency', 'brand', counts)).toBe(3);
  });

  it('the agency’s queue is unchanged: everything but what waits for the brand', () => {
    expect(scopeOf('waiting', 'agency', NO_FILTERS).awaiting).toEqual(['agency', 'none']);
    expect(countOf('waiting', 'agency', counts)).toBe(10);
  });

  it('sign-off and failed count their own', () => {
    expect(scopeOf('signoff', 'brand', NO_FILTERS).awaiting).toEqual(['brand']);
    expect(countOf('signoff', 'brand', counts)).toBe(2);
    expect(scopeOf('failed', 'brand', NO_FILTERS)).toMatchObject({
      status: 'failed',
      awaiting: null,
    });
    expect(countOf('failed', 'agency', counts)).toBe(1);
  });

  it('reads the brand’s views from the URL; an agency has neither of them', () => {
    const search = (view: string) => new URLSearchParams({ view });
    expect(readReviewView(search('agency'), 'brand')).toBe('agency');
    expect(readReviewView(search('signoff'), 'brand')).toBe('signoff');
    expect(readReviewView(search('agency'), 'agency')).toBe('waiting');
    expect(readReviewView(search('signoff'), 'agency')).toBe('waiting');
    expect(readReviewView(search('nonsense'), 'brand')).toBe('waiting');
    expect(writeQueueFilters({ campaign: 'c1', task: null }, 'agency').toString()).toBe(
      'view=agency&campaign=c1',
    );
  });
});
