// The one-time setup code that guards /setup while the installation has no admin. The database keeps only
// its SHA-256 and when it was issued; the code itself is HMAC(server secret, merchant id + issue time), so
// every instance sharing JWT_SECRET prints the same code, a restart prints it again, and a database dump
// alone does not reveal it. Creating the first admin clears it for good.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ensureMerchant, type Db } from '@garage/db';
import { normalizeSetupCode, SETUP_CODE_ALPHABET, SETUP_CODE_LENGTH } from '@garage/shared';

export const hashSetupCode = (code: string) => createHash('sha256').update(normalizeSetupCode(code)).digest('hex');

function deriveSetupCode(secret: string, merchantId: string, issuedAt: Date): string {
  const digest = createHmac('sha256', secret).update(`garage-setup-code:${merchantId}:${issuedAt.toISOString()}`).digest();
  let code = '';
  for (let index = 0; index < SETUP_CODE_LENGTH; index++) code += SETUP_CODE_ALPHABET[digest[index]! % SETUP_CODE_ALPHABET.length];
  return code;
}

/** "K7QH3MZPW9TA" → "K7QH-3MZP-W9TA". */
export const formatSetupCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

/** No ADMIN account at all (a deactivated or deleted one still means setup happened). */
export async function needsSetup(db: Db): Promise<boolean> {
  return (await db.user.count({ where: { role: 'ADMIN' } })) === 0;
}

export type SetupCodeState =
  | { status: 'done' }
  | { status: 'ready'; code: string }
  /** Issued by an instance with another JWT_SECRET: valid, but only that instance can print it. */
  | { status: 'foreign' };

/** At boot: issues the code once (the first instance to get here wins) and returns it for the log. */
export async function prepareSetupCode(db: Db, secret: string, now = new Date()): Promise<SetupCodeState> {
  if (!(await needsSetup(db))) return { status: 'done' };
  const { id } = await ensureMerchant(db);
  const issuedAt = new Date(Math.floor(now.getTime()));
  await db.merchant.updateMany({
    where: { id, setupCodeIssuedAt: null },
    data: { setupCodeIssuedAt: issuedAt, setupCodeHash: hashSetupCode(deriveSetupCode(secret, id, issuedAt)) },
  });
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id }, select: { setupCodeIssuedAt: true, setupCodeHash: true } });
  if (!merchant.setupCodeIssuedAt || !merchant.setupCodeHash) return { status: 'done' };
  const code = deriveSetupCode(secret, id, merchant.setupCodeIssuedAt);
  return hashSetupCode(code) === merchant.setupCodeHash ? { status: 'ready', code } : { status: 'foreign' };
}

/** Constant-time comparison of a typed code with the stored hash. */
export function setupCodeMatches(typed: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const typedHash = Buffer.from(hashSetupCode(typed), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === typedHash.length && timingSafeEqual(typedHash, stored);
}

/** The banner printed at boot while setup is needed. */
export function setupBanner(state: SetupCodeState, baseUrl: string): string[] {
  if (state.status === 'done') return [];
  const rule = '  ' + '='.repeat(64);
  const lines = [
    '',
    rule,
    '  FIRST RUN: this shop has no administrator yet.',
    `  Open ${baseUrl}/setup and enter the setup code:`,
    '',
    state.status === 'ready'
      ? `      ${formatSetupCode(state.code)}`
      : '      (printed by the instance that issued it: it uses another JWT_SECRET)',
    '',
    '  Without a browser: pnpm create-admin, or ADMIN_EMAIL / ADMIN_PASSWORD in .env.',
    rule,
    '',
  ];
  return lines;
}
