// Password hashing, defined once for the API and the seed. argon2id with OWASP's recommended minimum
// (m=19 MiB, t=2, p=1) raised to m=64 MiB, t=3, p=1: about 100-200 ms per hash on the target machines,
// measured by apps/api/bench/argon2.ts.
import argon2 from 'argon2';

export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
