// Server-Sent Events for the real-time screen: a snapshot on connect and on every change, a keep-alive
// comment every 25 s on this connection, and an end after 5 minutes: access tokens live 15 minutes, so the
// screen reconnects with a fresh one. The engine's `streams` lets the app end every open stream on close.
import type { AnalyticsArea } from '@garage/shared/schemas/analytics';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnalyticsEngine } from './analytics.engine.ts';

const STREAM_MAX_MS = 5 * 60_000;
const KEEP_ALIVE_MS = 25_000;

export function streamSnapshots(engine: AnalyticsEngine, area: AnalyticsArea, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 2000\n\n');
  let ended = false;
  const unsubscribe = engine.hub.subscribe(area, (snapshot) => {
    if (!ended) raw.write(`event: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`);
  });
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    clearTimeout(limit);
    unsubscribe();
    engine.streams.delete(end);
    raw.end();
  };
  const limit = setTimeout(end, STREAM_MAX_MS);
  engine.streams.add(end);
  request.raw.on('close', end);
}
