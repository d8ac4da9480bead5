// A tiny load balancer for the multi-instance drills (a stand-in for nginx, Caddy or Traefik in front of
// several app instances): requests go round-robin to the instances whose /backend/health answered 200 at
// the last check (every `checkEveryMs`). A request whose instance refused the connection (nothing was sent
// to the app) is tried once on another instance; any other failure is passed on as 502 and counted, so a
// drill sees every request an instance lost.
import http from 'node:http';

export interface Upstream {
  port: number;
  healthy: boolean;
}

export interface RoundRobinProxy {
  port: number;
  upstreams: Upstream[];
  /** Requests retried on another instance after a refused connection. */
  retried: number;
  /** Requests answered 502 (no instance in rotation, or the instance failed after the request was sent). */
  failed: number;
  /** Why, for each of them. */
  failures: string[];
  /** Waits until the instance on `port` is in rotation (healthy at a check). */
  waitUntilInRotation: (port: number, limitMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

export async function startRoundRobinProxy(ports: number[], options: { checkEveryMs?: number } = {}): Promise<RoundRobinProxy> {
  const upstreams: Upstream[] = ports.map((port) => ({ port, healthy: false }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  // As load balancers do: an instance that answers 503 (draining, database down) or refuses connections
  // leaves the rotation at once; one that is merely slow to answer (a busy machine) only after 3 checks.
  const slowChecks = new Map<Upstream, number>();
  const check = async (upstream: Upstream) => {
    const outcome = await new Promise<'ok' | 'refused' | 'slow'>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port: upstream.port, path: '/backend/health', timeout: 2_000 }, (response) => {
        response.resume();
        resolve(response.statusCode === 200 ? 'ok' : 'refused');
      });
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'TIMEOUT' ? 'slow' : 'refused'));
    });
    const slow = outcome === 'slow' ? (slowChecks.get(upstream) ?? 0) + 1 : 0;
    slowChecks.set(upstream, slow);
    upstream.healthy = outcome === 'ok' || (outcome === 'slow' && upstream.healthy && slow < 3);
  };
  const checkAll = () => Promise.all(upstreams.map(check));
  await checkAll();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void checkAll().finally(() => (checking = false));
  }, options.checkEveryMs ?? 100);

  const pick = (exclude?: Upstream) => {
    const healthy = upstreams.filter((u) => u.healthy && u !== exclude);
    // None in rotation (every check slow or failing): try them all rather than refuse, as nginx does.
    const candidates = healthy.length > 0 ? healthy : upstreams.filter((u) => u !== exclude);
    if (candidates.length === 0) return undefined;
    return candidates[next++ % candidates.length];
  };

  const proxy: RoundRobinProxy = {
    port: 0,
    upstreams,
    retried: 0,
    failed: 0,
    failures: [],
    waitUntilInRotation: async (port, limitMs = 60_000) => {
      const start = Date.now();
      const upstream = upstreams.find((u) => u.port === port);
      if (!upstream) throw new Error(`no upstream on port ${port}`);
      while (!upstream.healthy) {
        if (Date.now() - start > limitMs) throw new Error(`instance on port ${port} not healthy after ${limitMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => {
      clearInterval(timer);
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const send = (upstream: Upstream | undefined, retry: boolean) => {
        if (!upstream) {
          proxy.failed += 1;
          proxy.failures.push('no instance available');
          response.writeHead(502).end('no instance available');
          return;
        }
        const forward = http.request(
          {
            host: '127.0.0.1',
            port: upstream.port,
            method: request.method,
            path: request.url,
            headers: withoutHopByHop(request.headers),
            agent,
          },
          (answer) => {
            // Hop-by-hop headers belong to one connection: an instance's "Connection: close" (draining) ends
            // the proxy's connection to it, not the client's connection to the proxy.
            response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
            answer.pipe(response);
          },
        );
        forward.on('error', (error: NodeJS.ErrnoException) => {
          if (response.headersSent) {
            proxy.failures.push(`port ${upstream.port}: ${error.code ?? error.message} during the answer`);
            return void response.destroy();
          }
          if (error.code === 'ECONNREFUSED' && retry) {
            upstream.healthy = false;
            proxy.retried += 1;
            return send(pick(upstream), false);
          }
          proxy.failed += 1;
          proxy.failures.push(`port ${upstream.port}: ${error.code ?? error.message}`);
          response.writeHead(502).end(`instance failed: ${error.code ?? error.message}`);
        });
        forward.end(body);
      };
      send(pick(), true);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  proxy.port = typeof address === 'object' && address ? address.port : 0;
  return proxy;
}
