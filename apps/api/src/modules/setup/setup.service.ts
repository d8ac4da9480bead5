// First run: the setup status, the setup itself (first admin + the shop's essentials, signed in at the end),
// and the first admin made without a browser (ADMIN_EMAIL/ADMIN_PASSWORD at boot, `pnpm create-admin`).
// Every path that creates the first admin holds the installation's advisory lock and checks again that no
// admin exists, so concurrent attempts give exactly one admin.
import {
  applyTaxProfile,
  ensureMerchant,
  ensureStandardInspectionTemplates,
  hashPassword,
  lockInstallation,
  type Db,
  type FileStorage,
  type Prisma,
} from '@garage/db';
import {
  LANGUAGES,
  brandScaleFrom,
  normalizePhone,
  type AuthSession,
  type BrandingType,
  type SetupAdmin,
  type SetupShop,
  type SetupStatus,
} from '@garage/shared';
import { AppError, conflict, type FieldErrorCodes } from '../../lib/errors.ts';
import { startSession, type AuthContext } from '../auth/auth.service.ts';
import { reserveAttempt, type ThrottleRule } from '../../http/throttle.ts';
import { authUserSelect } from '../auth/users.ts';
import { uniqueViolationFields, violates } from '../../lib/unique-violation.ts';
import { saveImage, type UploadedImage } from '../uploads/uploads.service.ts';
import { canChangeAccount, systemActor } from '../users/users.access.ts';
import { EMAIL_TAKEN, PHONE_TAKEN, USERNAME_TAKEN } from '../users/users.conflicts.ts';
import { needsSetup, setupCodeMatches } from './setup-code.ts';

/** Wrong setup codes: 10 per IP per 15 minutes (the code has ~59 bits; this only stops noise). */
export const SETUP_THROTTLE = { limit: 10, windowSeconds: 15 * 60 } as const;
const setupRule = (ip: string): ThrottleRule => ({ bucket: `setup:ip:${ip}`, ...SETUP_THROTTLE, messageCode: 'setup.tooManyCodes' });

const TRANSACTION = { maxWait: 15_000, timeout: 15_000 };
const alreadyDone = () => conflict('setup.alreadyDone');
const wrongCode = () => new AppError('FORBIDDEN', 'setup.codeInvalid', { field: 'setupCode' });

export async function getSetupStatus(db: Db): Promise<SetupStatus> {
  return { needsSetup: await needsSetup(db) };
}

async function storedCodeHash(db: Db | Prisma.TransactionClient): Promise<string | null> {
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { setupCodeHash: true } });
  return merchant?.setupCodeHash ?? null;
}

/**
 * The setup code, checked before the throttle: the right code is always accepted (it is long and random:
 * ~59 bits, so guessing it is out of reach whatever the rate), so a shop owner behind the same address as
 * someone sending wrong codes is never locked out. A wrong code is recorded and throttled per address: 403,
 * then 429 past SETUP_THROTTLE.
 */
async function requireSetupCode(ctx: AuthContext, setupCode: string): Promise<void> {
  if (setupCodeMatches(setupCode, await storedCodeHash(ctx.db))) return;
  await reserveAttempt(ctx.db, [setupRule(ctx.client.ip)]);
  throw wrongCode();
}

/** Step 1 of the screen: is this the code? Throttled like the setup itself; uses nothing up. */
export async function checkSetupCode(ctx: AuthContext, setupCode: string): Promise<{ valid: true }> {
  if (!(await needsSetup(ctx.db))) throw alreadyDone();
  await requireSetupCode(ctx, setupCode);
  return { valid: true };
}

/**
 * The logo chosen on the setup screen, stored before the setup itself (which then names it in
 * `shop.logoUrl`): there is no account yet, so the setup code is the permission, checked and throttled
 * like the setup. A logo left unused stays an unlinked branding picture.
 */
export async function saveSetupLogo(
  ctx: AuthContext,
  storage: FileStorage,
  setupCode: string,
  file: { filename: string; bytes: Buffer },
): Promise<UploadedImage> {
  if (!(await needsSetup(ctx.db))) throw alreadyDone();
  await requireSetupCode(ctx, setupCode);
  return saveImage(ctx.db, storage, null, { ...file, section: 'branding' });
}

export interface FirstAdmin {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  countryCode?: string | null;
  phoneNumber?: string | null;
  preferredLanguage?: (typeof LANGUAGES)[number];
}

/** Unique clashes (a client who registered before setup may hold the username, email or phone). */
function clashToConflict(error: unknown): never {
  const fields = uniqueViolationFields(error);
  if (!fields) throw error;
  const fieldErrors: FieldErrorCodes = {};
  if (violates(fields, 'username')) fieldErrors['admin.username'] = [USERNAME_TAKEN];
  if (violates(fields, 'email')) fieldErrors['admin.email'] = [EMAIL_TAKEN];
  if (violates(fields, 'phoneNumber')) fieldErrors['admin.phoneNumber'] = [PHONE_TAKEN];
  const first = Object.values(fieldErrors)[0]?.[0] ?? USERNAME_TAKEN;
  throw conflict(first.code, { fieldErrors });
}

/**
 * The accounts rule (users.access.ts), asked by the system actor: may the first admin be created now (none
 * exists)? Every path that creates the first admin (setup screen, ADMIN_EMAIL at boot, `pnpm create-admin`)
 * asks it, under the installation lock before writing.
 */
export async function mayCreateFirstAdmin(db: Db | Prisma.TransactionClient): Promise<boolean> {
  const adminExists = (await db.user.count({ where: { role: 'ADMIN' } })) > 0;
  return canChangeAccount(systemActor(adminExists), null, 'ADMIN');
}

/**
 * Inside the locked transaction: the admin row, and the merchant marked as set up (code cleared). The one
 * place the setup paths create an account, so it asks the accounts rule (users.access.ts) as the system
 * actor, which may create the first admin only: null when an admin exists already (nothing written).
 */
async function insertFirstAdmin(tx: Prisma.TransactionClient, admin: FirstAdmin, passwordHash: string, now: Date) {
  if (!(await mayCreateFirstAdmin(tx))) return null;
  const user = await tx.user.create({
    data: {
      firstName: admin.firstName,
      lastName: admin.lastName,
      username: admin.username,
      email: admin.email,
      countryCode: admin.countryCode ?? null,
      phoneNumber: admin.phoneNumber ?? null,
      role: 'ADMIN',
      verified: true,
      active: true,
      preferredLanguage: admin.preferredLanguage ?? 'en',
      passwordHash,
    },
    select: authUserSelect,
  });
  const { id } = await ensureMerchant(tx);
  await tx.merchant.update({ where: { id }, data: { setupCodeHash: null, setupCompletedAt: now } });
  return { user, merchantId: id };
}

/**
 * The setup screen's one write: code checked, first admin created, the shop's essentials stored, all in one
 * transaction under the installation lock; then the admin is signed in. A second setup (concurrent or
 * later) finds an admin and answers 409; the code is gone with the first one.
 */
export async function completeSetup(
  ctx: AuthContext,
  input: { setupCode: string; admin: SetupAdmin; shop: SetupShop },
  now = new Date(),
): Promise<AuthSession> {
  if (!(await needsSetup(ctx.db))) throw alreadyDone();
  await requireSetupCode(ctx, input.setupCode);
  const passwordHash = await hashPassword(input.admin.password);

  const user = await ctx.db
    .$transaction(async (tx) => {
      await lockInstallation(tx);
      if (!(await mayCreateFirstAdmin(tx))) throw alreadyDone();
      if (!setupCodeMatches(input.setupCode, await storedCodeHash(tx))) throw wrongCode();
      const admin = { ...input.admin, preferredLanguage: input.shop.defaultLanguage };
      const created = await insertFirstAdmin(tx, admin, passwordHash, now);
      if (!created) throw alreadyDone();
      await saveShop(tx, created.merchantId, input.shop);
      // A fresh installation without the demo starts with the standard inspection templates (issue #29).
      await ensureStandardInspectionTemplates(tx);
      return created.user;
    }, TRANSACTION)
    .catch(clashToConflict);
  return startSession(ctx, user);
}

/** Merchant columns plus the branding entries the branding manager edits later (common + every language). */
async function saveShop(tx: Prisma.TransactionClient, merchantId: string, shop: SetupShop) {
  await tx.merchant.update({
    where: { id: merchantId },
    data: {
      name: shop.name,
      displayName: shop.displayName,
      currency: shop.currency,
      timezone: shop.timezone,
      defaultLanguage: shop.defaultLanguage,
    },
  });
  // A country chosen: its tax rates, defaults and prices mode, in the same transaction as the rest.
  if (shop.taxProfile !== 'OTHER') await applyTaxProfile(tx, { merchantId, profile: shop.taxProfile });
  const theme = {
    colorBrand: brandScaleFrom(shop.primaryColor),
    font: { fontFamily: 'Inter Variable', fontWeightRegular: 400, fontWeightMedium: 500, fontWeightSemiBold: 600, fontWeightBold: 700 },
  };
  await upsertBranding(tx, merchantId, 'MERCHANT_THEME_COLORS', 'common', { themeColors: JSON.stringify(theme) });
  if (shop.logoUrl) await upsertBranding(tx, merchantId, 'ASSETS', 'common', { headerLogo: shop.logoUrl, favicon: shop.logoUrl });
  if (shop.whatsapp) {
    await upsertBranding(tx, merchantId, 'SOCIAL_LINKS', 'common', {
      whatsapp: `https://wa.me/${normalizePhone(shop.whatsapp).replace(/^\+/, '')}`,
    });
  }
  for (const language of LANGUAGES) {
    const contact = { contactPhone: shop.phone, contactEmail: shop.email, contactAddress: shop.address };
    await upsertBranding(tx, merchantId, 'CONTACT', language, contact);
    if (shop.openingHours) await upsertBranding(tx, merchantId, 'WORKING_HOURS', language, { workingHours: shop.openingHours });
  }
}

/** Writes the given fields into the ACTIVE entry of a type and language, keeping its other fields. */
async function upsertBranding(
  tx: Prisma.TransactionClient,
  merchantId: string,
  type: BrandingType,
  language: string,
  values: Record<string, string | undefined>,
) {
  const given = Object.entries(values).filter((entry): entry is [string, string] => !!entry[1]);
  if (given.length === 0) return;
  const where = { merchantId_type_language_status: { merchantId, type, language, status: 'ACTIVE' as const } };
  const existing = await tx.branding.findUnique({ where, select: { fields: true } });
  const fields = [
    ...((existing?.fields as { key: string; value: string }[] | undefined) ?? []).filter(
      (field) => !given.some(([key]) => key === field.key),
    ),
  ];
  fields.push(...given.map(([key, value]) => ({ key, value })));
  await tx.branding.upsert({ where, create: { merchantId, type, language, fields }, update: { fields } });
}

/**
 * The first admin without the setup screen (ADMIN_EMAIL/ADMIN_PASSWORD at boot, `pnpm create-admin`).
 * Creates nothing when an admin already exists, so it is safe at every start and from several instances.
 */
export async function createFirstAdmin(db: Db, admin: FirstAdmin, now = new Date()): Promise<{ created: boolean; userId?: string }> {
  if (!(await mayCreateFirstAdmin(db))) return { created: false };
  const passwordHash = await hashPassword(admin.password);
  return db
    .$transaction(async (tx) => {
      await lockInstallation(tx);
      const inserted = await insertFirstAdmin(tx, admin, passwordHash, now);
      return inserted ? { created: true, userId: inserted.user.id } : { created: false };
    }, TRANSACTION)
    .catch(clashToConflict);
}
