/**
 * Live figures for the real-time screen. Every instance LISTENs on the channel that each stored batch
 * NOTIFYs (ingest.ts), so a visit recorded by any instance reaches the screens connected to every other.
 * Per area with listeners, a notification starts one snapshot query whose result goes to every connected
 * screen: at once when the area's last query started 250 ms ago or more (a quiet site's visit shows without
 * waiting), else when those 250 ms are over, and never two at a time (a busy site costs at most four queries
 * a second per area, and an older snapshot never overtakes a newer one); a 10 s tick keeps "last minute"
 * figures decaying when nothing happens. The NOTIFYs arrive on the process's shared LISTEN connection (lib/pg-listener.ts);
 * after it reconnects, every watched area gets a fresh snapshot (visits notified meanwhile were not heard).
 */
import type { AnalyticsArea, RealtimeSnapshot } from '@garage/shared/schemas/analytics';
import type { Db } from '@garage/db';
import { openPgListener, type PgListener } from '../../lib/pg-listener.ts';
import { realtimeSnapshot } from './analytics.service.ts';
import { NOTIFY_CHANNEL } from './ingest.ts';

type Listener = (snapshot: RealtimeSnapshot) => void;

const COALESCE_MS = 250;
const TICK_MS = 10_000;

export class RealtimeHub {
  private listeners = new Map<AnalyticsArea, Set<Listener>>();
  private pending = new Map<AnalyticsArea, NodeJS.Timeout>();
  /** When each area's last snapshot query started (ms). */
  private lastStarted = new Map<AnalyticsArea, number>();
  /** Areas with a query in flight, and those notified meanwhile (queried again once it is done). */
  private running = new Set<AnalyticsArea>();
  private again = new Set<AnalyticsArea>();
  private tick: NodeJS.Timeout | undefined;

  private constructor(
    private readonly db: Db,
    private readonly log: { warn: (obj: object, message: string) => void },
    private readonly listener: PgListener,
  ) {}

  static async open(db: Db, log: { warn: (obj: object, message: string) => void }): Promise<RealtimeHub> {
    const listener = await openPgListener(db, log);
    const hub = new RealtimeHub(db, log, listener);
    await listener.listen(NOTIFY_CHANNEL, (areas) => {
      for (const area of areas.split(',')) hub.schedule(area as AnalyticsArea);
    });
    listener.onReconnect(() => hub.refreshAll());
    return hub;
  }

  /** Calls `listener` with a first snapshot now, then on every change; returns the unsubscribe. */
  subscribe(area: AnalyticsArea, listener: Listener): () => void {
    let set = this.listeners.get(area);
    if (!set) this.listeners.set(area, (set = new Set()));
    set.add(listener);
    this.tick ??= setInterval(() => this.refreshAll(), TICK_MS);
    void realtimeSnapshot(this.db, area).then(listener, (error) => this.log.warn({ err: error }, 'real-time snapshot failed'));
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(area);
    };
  }

  private refreshAll() {
    for (const area of this.listeners.keys()) this.schedule(area);
  }

  private schedule(area: AnalyticsArea) {
    if (!this.listeners.get(area)?.size) return;
    if (this.running.has(area)) {
      this.again.add(area);
      return;
    }
    if (this.pending.has(area)) return;
    const wait = Math.max(0, (this.lastStarted.get(area) ?? 0) + COALESCE_MS - Date.now());
    this.pending.set(
      area,
      setTimeout(() => {
        this.pending.delete(area);
        void this.refresh(area);
      }, wait),
    );
  }

  private async refresh(area: AnalyticsArea) {
    this.running.add(area);
    this.lastStarted.set(area, Date.now());
    try {
      const snapshot = await realtimeSnapshot(this.db, area);
      for (const listener of this.listeners.get(area) ?? []) listener(snapshot);
    } catch (error) {
      this.log.warn({ err: error }, 'real-time snapshot failed');
    } finally {
      this.running.delete(area);
      if (this.again.delete(area)) this.schedule(area);
    }
  }

  async close() {
    if (this.tick) clearInterval(this.tick);
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.listeners.clear();
    await this.listener.close();
  }
}
