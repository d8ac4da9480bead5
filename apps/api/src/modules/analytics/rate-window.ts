// The beacon's per-IP limit: a fixed one-minute window in this process's memory (a beacon needs no
// cross-instance accuracy, and a database row per page view would cost more than the view itself).
export class RateWindow {
  private counts = new Map<string, number>();
  private start = Date.now();
  constructor(private readonly limit: number) {}
  /** 0 when allowed, else seconds until the window resets. */
  hit(ip: string, now = Date.now()): number {
    if (!this.limit) return 0;
    if (now - this.start >= 60_000) {
      this.counts.clear();
      this.start = now;
    }
    const count = (this.counts.get(ip) ?? 0) + 1;
    this.counts.set(ip, count);
    return count > this.limit ? Math.max(1, Math.ceil((this.start + 60_000 - now) / 1000)) : 0;
  }
}
