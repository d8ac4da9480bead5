/**
 * Live figures for the real-time screen. Every instance LISTENs on the channel that each stored batch
 * NOTIFYs (ingest.ts), so a visit recorded by any instance reaches the screens connected to every other.
 * Per area with listeners, a notification schedules one snapshot query (at most one per 250 ms however busy
 * the site is) whose result goes to every connected screen; a 10 s tick keeps "last minute" figures decaying
 * when nothing happens. The NOTIFYs arrive on the process's shared LISTEN connection (lib/pg-listener.ts);
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
    if (this.pending.has(area) || !this.listeners.get(area)?.size) return;
    this.pending.set(
      area,
      setTimeout(() => {
        this.pending.delete(area);
        realtimeSnapshot(this.db, area).then(
          (snapshot) => {
            for (const listener of this.listeners.get(area) ?? []) listener(snapshot);
          },
          (error) => this.log.warn({ err: error }, 'real-time snapshot failed'),
        );
      }, COALESCE_MS),
    );
  }

  async close() {
    if (this.tick) clearInterval(this.tick);
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.listeners.clear();
    await this.listener.close();
  }
}
