/** "in 3 minutes" / "in 40 seconds", for a 429's Retry-After. */
export function describeWait(seconds: number | null): string {
  if (seconds === null) return 'in a few minutes';
  const s = Math.ceil(seconds);
  if (s < 60) return `in ${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `in ${m} minute${m === 1 ? '' : 's'}`;
}
