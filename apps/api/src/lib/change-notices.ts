// Change notices between app instances, for caches kept in each process's memory (docs/operations.md
// "Scaling out"). A write that makes cached answers stale calls `announceChange(tx, topic)` inside its
// transaction: PostgreSQL delivers the NOTIFY to every instance's LISTEN connection when the transaction
// commits, and each instance runs the topic's handlers (drop the cache). When the LISTEN connection is lost,
// every handler runs again once it is back, since anything may have changed meanwhile.
//
// The NOTIFYs arrive on the process's shared LISTEN connection (lib/pg-listener.ts).
import type { Db, Prisma } from '@garage/db';
import { openPgListener } from './pg-listener.ts';

const CHANNEL = 'garage_changes';

/** What changed. The payload of the NOTIFY; add a topic for each cache that other instances must drop. */
export type ChangeTopic = 'visits';

const handlers = new Map<ChangeTopic, Set<() => void>>();

/** Runs `handler` whenever any instance (this one included) announces a change to `topic`. */
export function onChange(topic: ChangeTopic, handler: () => void): void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
}

function run(topic: string) {
  for (const handler of handlers.get(topic as ChangeTopic) ?? []) handler();
}

const runAll = () => {
  for (const topic of handlers.keys()) run(topic);
};

/** Tells every instance, when the caller's transaction commits, that `topic` changed. */
export async function announceChange(tx: Prisma.TransactionClient, topic: ChangeTopic): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${CHANNEL}, ${topic})`;
}

/** Runs the handlers of every instance's announcements on this process's LISTEN connection; the result stops it. */
export async function listenForChanges(db: Db, log: { warn: (obj: object, message: string) => void }): Promise<() => Promise<void>> {
  const listener = await openPgListener(db, log);
  await listener.listen(CHANNEL, run);
  // Changes made while nobody listened were never heard: drop everything once.
  listener.onReconnect(runAll);
  return () => listener.close();
}
