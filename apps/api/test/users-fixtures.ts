// Shared by the users*.test.ts files: a valid user payload with unique identity fields, and tRPC callers.
import { randomInt } from 'node:crypto';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { type createTestUser, testDeps, uniqueSuffix } from './helpers.ts';

export type TestUser = Awaited<ReturnType<typeof createTestUser>>;
/** A stored file's URL (image fields take nothing else); no row needs to exist for the form to accept it. */
export const PICTURE = '/backend/media/0190a3c5-0000-7000-8000-00000000a7a7/file';

export function newUser(overrides: Record<string, unknown> = {}) {
  const suffix = uniqueSuffix();
  return {
    firstName: 'Nora',
    lastName: `Customer ${suffix}`,
    username: `nora_${suffix}`,
    email: `nora_${suffix}@example.com`,
    countryCode: '+33',
    phoneNumber: `6${randomInt(10_000_000, 99_999_999)}`,
    role: 'CLIENT',
    age: 30,
    imageUrl: PICTURE,
    ...overrides,
  };
}

export const callerFor = (actor: TestUser) =>
  createCaller(createContextInner(testDeps(), { userId: actor.user.id, roles: [actor.user.role] }));
