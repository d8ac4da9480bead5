// The first admin from ADMIN_EMAIL / ADMIN_PASSWORD (read at every start, used once) and the shape
// `pnpm create-admin` validates. Both end in createFirstAdmin, which does nothing once an admin exists.
import type { Db } from '@garage/db';
import { LIMITS, setupAdminSchema } from '@garage/shared';
import type { z } from 'zod';
import { createFirstAdmin, type FirstAdmin } from './setup.service.ts';

/** create-admin: the setup screen's admin fields, the phone optional (scripts rarely have one). */
export const cliAdminSchema = setupAdminSchema.extend({
  countryCode: setupAdminSchema.shape.countryCode.optional(),
  phoneNumber: setupAdminSchema.shape.phoneNumber.optional(),
});
export type CliAdminInput = z.input<typeof cliAdminSchema>;

/** "jane.doe+shop@x.org" → "jane.doe" (lower-case, letters/digits/._-, at least 3, with a letter). */
export function usernameFromEmail(email: string): string {
  let base = email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, LIMITS.usernameMax);
  if (!/[a-z]/.test(base)) base = `admin${base}`;
  return base.length >= 3 ? base : `${base}admin`.slice(0, LIMITS.usernameMax);
}

/** "Jane van Doe" → first "Jane", last "van Doe"; one word is a first name with last name "Admin". */
export function splitName(name: string | undefined): { firstName: string; lastName: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: 'Admin', lastName: 'Garage' };
  if (words.length === 1) return { firstName: words[0]!, lastName: 'Admin' };
  return { firstName: words[0]!, lastName: words.slice(1).join(' ') };
}

/** A username not taken yet: the e-mail's local part, then with 2, 3, ... appended. */
async function freeUsername(db: Db, base: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, LIMITS.usernameMax - String(n).length)}${n}`;
    if (!(await db.user.findUnique({ where: { username: candidate }, select: { id: true } }))) return candidate;
  }
  return `${base.slice(0, LIMITS.usernameMax - 9)}${Date.now().toString(36).slice(-8)}`;
}

export async function adminFromEnv(db: Db, env: { email: string; password: string; name?: string }): Promise<FirstAdmin> {
  const { firstName, lastName } = splitName(env.name);
  return {
    firstName,
    lastName,
    email: env.email.trim().toLowerCase(),
    password: env.password,
    username: await freeUsername(db, usernameFromEmail(env.email)),
  };
}

/** At boot: creates the first admin from the environment when the installation has none. */
export async function bootstrapAdminFromEnv(
  db: Db,
  env: { email: string; password: string; name?: string },
): Promise<{ created: boolean; username?: string }> {
  const admin = await adminFromEnv(db, env);
  const result = await createFirstAdmin(db, admin);
  return result.created ? { created: true, username: admin.username } : { created: false };
}
