// The staff workload mix of bench/mixed-workload.ts (issue 16 "The whole workload fast"), shared with
// bench/mixed-statements.ts: what each kind of request asks, and how often (weights out of 100).
import type { Db } from '@garage/db';
import { signAccessToken } from '../../src/session/session.ts';

export interface MixRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}
export interface MixKind {
  name: string;
  weight: number;
  request: (n: number) => MixRequest;
}

/** The benchmark's staff account (an admin) and 200 recent visits with their customers' client tokens. */
export async function prepareStaffMix(db: Db, secret: string): Promise<MixKind[]> {
  const staff = await db.user.upsert({
    where: { username: 'bench_mixed_admin' },
    create: {
      firstName: 'Bench',
      lastName: 'Admin',
      username: 'bench_mixed_admin',
      email: 'bench_mixed_admin@bench.test',
      role: 'ADMIN',
      active: true,
      verified: true,
    },
    update: {},
  });
  const visits = await db.visit.findMany({
    select: { id: true, vehicleId: true, customerId: true },
    take: 200,
    orderBy: { createdAt: 'desc' },
  });
  if (visits.length === 0) throw new Error('no visits in the database');
  const staffAuth = { authorization: `Bearer ${signAccessToken({ userId: staff.id, roles: ['ADMIN'] }, secret)}` };
  const clientTokens = visits.map((v) => ({
    vehicleId: v.vehicleId,
    auth: { authorization: `Bearer ${signAccessToken({ userId: v.customerId, roles: ['CLIENT'] }, secret)}` },
  }));
  const words = ['toyota', 'martin', 'ab', 'corolla', 'nadia', 'blue'];
  const get = (path: string, headers: Record<string, string>): MixRequest => ({ method: 'GET', path, headers });
  return [
    { name: 'visits list', weight: 20, request: (n) => get(`/backend/visits?page=${(n % 5) + 1}&pageSize=10`, staffAuth) },
    { name: 'users list', weight: 10, request: (n) => get(`/backend/users?page=${(n % 5) + 1}&pageSize=10`, staffAuth) },
    { name: 'staff search', weight: 10, request: (n) => get(`/backend/search?q=${words[n % words.length]}`, staffAuth) },
    { name: 'visit detail', weight: 15, request: (n) => get(`/backend/visits/${visits[n % visits.length]!.id}`, staffAuth) },
    { name: 'to-do list', weight: 10, request: () => get('/backend/todos', staffAuth) },
    {
      name: 'client visits',
      weight: 15,
      request: (n) =>
        get(`/backend/my/vehicles/${clientTokens[n % clientTokens.length]!.vehicleId}/visits`, clientTokens[n % clientTokens.length]!.auth),
    },
    {
      name: 'tRPC visits.list',
      weight: 10,
      request: () => get(`/backend/trpc/visits.list?input=${encodeURIComponent(JSON.stringify({ page: 1, pageSize: 10 }))}`, staffAuth),
    },
    { name: 'health', weight: 5, request: () => get('/backend/health', {}) },
    {
      name: 'write (to-do)',
      weight: 5,
      request: (n) => ({
        method: 'POST',
        path: '/backend/todos',
        headers: staffAuth,
        body: { title: `bench ${n}`, description: 'mixed workload' },
      }),
    },
  ];
}
