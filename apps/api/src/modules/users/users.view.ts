// What the API returns for a user: an explicit select (no secret can leak) and its mapping to UserView.
// Vehicle and visit counts are fetched for the rows at hand (countsFor), not with Prisma's relation _count:
// that compiles to a GROUP BY over the whole Vehicle and Visit tables on every list request.
import type { Db, Prisma } from '@garage/db';
import type { CustomerBilling, UserView } from '@garage/shared';

export const userSelect = {
  id: true,
  firstName: true,
  lastName: true,
  username: true,
  email: true,
  countryCode: true,
  phoneNumber: true,
  role: true,
  age: true,
  imageUrl: true,
  verified: true,
  active: true,
  preferredLanguage: true,
  passwordHash: true,
  billing: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.UserSelect;

export type UserRow = Prisma.UserGetPayload<{ select: typeof userSelect }>;
export interface UserCounts {
  vehicles: number;
  visits: number;
}
type Counts = Map<string, UserCounts>;

/** Live vehicles and visits per user, for a page of users (index lookups on ownerId / customerId). */
export async function countsFor(db: Db, userIds: string[]): Promise<Counts> {
  const counts: Counts = new Map(userIds.map((id) => [id, { vehicles: 0, visits: 0 }]));
  if (userIds.length === 0) return counts;
  const [vehicles, visits] = await Promise.all([
    db.vehicle.groupBy({ by: ['ownerId'], where: { ownerId: { in: userIds }, deletedAt: null }, _count: { _all: true } }),
    db.visit.groupBy({ by: ['customerId'], where: { customerId: { in: userIds } }, _count: { _all: true } }),
  ]);
  for (const row of vehicles) counts.get(row.ownerId)!.vehicles = row._count._all;
  for (const row of visits) counts.get(row.customerId)!.visits = row._count._all;
  return counts;
}

export function toUserView({ passwordHash, billing, createdAt, updatedAt, ...user }: UserRow, counts: UserCounts | undefined): UserView {
  return {
    ...user,
    hasPassword: passwordHash !== null,
    // Written only through customerBillingSchema (users.service.ts), so it has that shape.
    billing: (billing as CustomerBilling | null) ?? null,
    vehicleCount: counts?.vehicles ?? 0,
    visitCount: counts?.visits ?? 0,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
