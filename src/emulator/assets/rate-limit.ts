/**
 * The Open API's published limit, 10 requests per second, per access token: a sliding
 * window of the last second's accepted requests. A refused request does not count, so a
 * client that waits the Retry-After gets through.
 */
export class RateLimiter {
  private readonly recent = new Map<string, number[]>();
  private sweepAt = 0;

  constructor(
    readonly perSecond: number,
    private readonly now: () => number,
  ) {}

  /** Undefined when the request may go ahead (and is counted), else the seconds to wait. */
  take(key: string): number | undefined {
    const now = this.now();
    this.sweep(now);
    const times = (this.recent.get(key) ?? []).filter((t) => t > now - 1000);
    const oldest = times[0];
    if (times.length >= this.perSecond && oldest !== undefined) {
      this.recent.set(key, times);
      return Math.max(1, Math.ceil((oldest + 1000 - now) / 1000));
    }
    times.push(now);
    this.recent.set(key, times);
    return undefined;
  }

  /** Forgets tokens that were quiet for a second, now and then, so the map stays small. */
  private sweep(now: number): void {
    if (now < this.sweepAt) return;
    for (const [key, times] of this.recent) if ((times.at(-1) ?? 0) <= now - 1000) this.recent.delete(key);
    this.sweepAt = now + 10_000;
  }
}
