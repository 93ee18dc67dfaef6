/**
 * At most `perMinute` messages per intake address in any 60 seconds (a sliding window, per
 * instance). `take` answers 0 when one more is allowed (and counts it), else the milliseconds
 * until one is.
 */
export class AddressRateLimit {
  private readonly seen = new Map<string, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(address: string): number {
    const now = this.now();
    const recent = (this.seen.get(address) ?? []).filter((t) => t > now - 60_000);
    if (recent.length >= this.perMinute) {
      this.seen.set(address, recent);
      return recent[0]! + 60_000 - now;
    }
    recent.push(now);
    this.seen.set(address, recent);
    if (this.seen.size > 10_000) this.prune(now);
    return 0;
  }

  private prune(now: number) {
    for (const [address, times] of this.seen) {
      if (times.every((t) => t <= now - 60_000)) this.seen.delete(address);
    }
  }
}
