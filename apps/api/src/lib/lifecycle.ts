// This process's state as a load balancer should see it. On SIGTERM with SHUTDOWN_DRAIN_SECONDS set, the
// server first drains (server.ts): it keeps answering, but /backend/health says 503 "draining" so the load
// balancer stops sending new requests, and every answer closes its connection so clients reconnect to another
// instance. Only then does it stop listening and finish what is in flight (docs/operations.md "Scaling out").
export const lifecycle = { draining: false };
