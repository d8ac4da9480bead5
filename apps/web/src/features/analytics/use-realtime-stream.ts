// Follows GET /backend/analytics/real-time/stream (Server-Sent Events) through apiFetch, so an expired
// access token is refreshed like on any other call (EventSource cannot send the Authorization header or
// retry after a 401). The server ends each stream after a few minutes; this hook reconnects at once, and
// after a failure with a growing pause (1 s to 10 s), keeping the last figures on screen meanwhile.
import type { AnalyticsArea, RealtimeSnapshot } from '@garage/shared/schemas/analytics';
import { useEffect, useState } from 'react';
import { env } from '../../env.ts';
import { apiFetch } from '../../lib/api-fetch.ts';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

/** Splits an SSE text stream into `snapshot` events. */
export function parseEvents(buffer: string): { events: RealtimeSnapshot[]; rest: string } {
  const events: RealtimeSnapshot[] = [];
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const lines = block.split('\n');
    if (!lines.includes('event: snapshot')) continue;
    const data = lines
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n');
    try {
      events.push(JSON.parse(data) as RealtimeSnapshot);
    } catch {
      // A malformed event is skipped; the next one replaces it.
    }
  }
  return { events, rest };
}

export function useRealtimeStream(area: AnalyticsArea) {
  const [snapshot, setSnapshot] = useState<RealtimeSnapshot | null>(null);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let failures = 0;
    setSnapshot(null);
    setStatus('connecting');
    setFailed(false);

    const run = async () => {
      while (!controller.signal.aborted) {
        try {
          const response = await apiFetch(`${env.apiUrl}/analytics/real-time/stream?area=${area}`, {
            signal: controller.signal,
            headers: { accept: 'text/event-stream' },
          });
          if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            const parsed = parseEvents(buffer);
            buffer = parsed.rest;
            const latest = parsed.events.at(-1);
            if (latest) {
              failures = 0;
              setFailed(false);
              setSnapshot(latest);
              setStatus('live');
            }
          }
        } catch {
          if (controller.signal.aborted) return;
          failures += 1;
          if (failures >= 3) setFailed(true);
        }
        if (controller.signal.aborted) return;
        setStatus('reconnecting');
        await new Promise((resolve) => setTimeout(resolve, failures ? Math.min(10_000, 1000 * failures) : 200));
      }
    };
    void run();
    return () => controller.abort();
  }, [area]);

  return { snapshot, status, failed };
}
