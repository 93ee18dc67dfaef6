import type { PublishReviewSummary } from '#contract/campaigns';

/** A wait in plain words, rounded as people say it: "40 seconds", "2 minutes", "3 hours", "2 days". */
export function formatWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.round(seconds)), 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.round(hours / 24), 'day');
}

/**
 * How long review usually takes, as one sentence: "Review usually takes about 40 seconds; 9 in 10
 * are done within 1 minute." Without recent decisions it says so rather than guess.
 */
export function describeReviewTime(summary: PublishReviewSummary | undefined): string | null {
  if (!summary) return null;
  if (summary.typical_seconds === null || summary.decisions === 0) {
    return 'There have been no reviews lately, so we cannot say yet how long one takes.';
  }
  const typical = `Review usually takes about ${formatWait(summary.typical_seconds)}`;
  const most = summary.most_within_seconds;
  if (
    most === null ||
    summary.decisions < 5 ||
    formatWait(most) === formatWait(summary.typical_seconds)
  ) {
    return `${typical}.`;
  }
  return `${typical}; 9 in 10 are done within ${formatWait(most)}.`;
}
