/**
 * Live figures for the real-time screen. Every instance LISTENs on the channel that each stored batch
 * NOTIFYs (ingest.ts), so a visit recorded by any instance reaches the screens connected to every other.
 * Per area with listeners, a notification schedules one snapshot query (at most one per 250 ms however busy
 * the site is) whose result goes to every connected screen; a 10 s tick keeps "last minute" figures decaying
 * when nothing happens. The LISTEN connection opens with the first screen and reconnects after failures.
 */
import type { AnalyticsArea, RealtimeSnapshot } from '@garage/shared/schemas/analytics';
import type { Db } from '@garage/db';
import { poolOf } from '@garage/db/client';
import { pg, type Client } from '@garage/db/pg';
import { realtimeSnapshot } from './analytics.service.ts';
import { NOTIFY_CHANNEL } from './ingest.ts';

type Listener = (snapshot: RealtimeSnapshot) => void;

const COALESCE_MS = 250;
const TICK_MS = 10_000;

export class RealtimeHub {
  private listeners = new Map<AnalyticsArea, Set<Listener>>();
  private pending = new Map<AnalyticsArea, NodeJS.Timeout>();
  private connection: Client | undefined;
  private connecting = false;
  private tick: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: { warn: (obj: object, message: string) => void },
  ) {}

  /** Calls `listener` with a first snapshot now, then on every change; returns the unsubscribe. */
  subscribe(area: AnalyticsArea, listener: Listener): () => void {
    let set = this.listeners.get(area);
    if (!set) this.listeners.set(area, (set = new Set()));
    set.add(listener);
    void this.listen();
    this.tick ??= setInterval(() => {
      for (const known of this.listeners.keys()) this.schedule(known);
    }, TICK_MS);
    void realtimeSnapshot(this.db, area).then(listener, (error) => this.log.warn({ err: error }, 'real-time snapshot failed'));
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(area);
    };
  }

  get listenerCount() {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
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

  private async listen() {
    if (this.connection || this.connecting || this.closed) return;
    this.connecting = true;
    const client = new pg.Client({ connectionString: poolOf(this.db).options.connectionString });
    const retry = () => {
      if (this.connection === client) this.connection = undefined;
      client.end().catch(() => {});
      if (!this.closed && this.listenerCount) setTimeout(() => void this.listen(), 2000).unref();
    };
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'analytics LISTEN connection failed; reconnecting');
      retry();
    });
    client.on('notification', (message) => {
      for (const area of (message.payload ?? '').split(',')) this.schedule(area as AnalyticsArea);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      this.connection = client;
      if (this.closed) await this.close();
    } catch (error) {
      this.log.warn({ err: error }, 'analytics LISTEN connection failed; reconnecting');
      retry();
    } finally {
      this.connecting = false;
    }
  }

  async close() {
    this.closed = true;
    if (this.tick) clearInterval(this.tick);
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.listeners.clear();
    const connection = this.connection;
    this.connection = undefined;
    await connection?.end().catch(() => {});
  }
}
