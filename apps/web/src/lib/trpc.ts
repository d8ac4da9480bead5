/**
 * tRPC in the browser.
 * 1. Types only from the API (`import type`): the bundle never contains server code.
 * 2. One client, batching over `${VITE_API_URL}/trpc`, every request through apiFetch (auth in one place).
 * 3. Components use `const trpc = useTRPC()` with TanStack Query: `useQuery(trpc.merchant.get.queryOptions())`.
 *    The provider wraps the signed-in areas and /login (components/trpc-scope.tsx), not the public website,
 *    to keep the landing page's JavaScript small.
 */
import type { AppRouter } from '@garage/api/router';
import { LIMITS } from '@garage/shared';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { env } from '../env.ts';
import { apiFetch } from './api-fetch.ts';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${env.apiUrl}/trpc`, fetch: apiFetch, maxItems: LIMITS.trpcBatchMax })],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
