// First-run setup (the /setup screen, POST /backend/setup/complete, `pnpm create-admin`) and the admin's
// "get started" checklist. The first admin is validated by the same field rules as the user forms and the
// password rule of sign-in; the shop's essentials land in Merchant columns and branding entries.
import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants.ts';
import { msg } from '../messages.ts';
import { passwordSchema } from './auth.ts';
import { taxCountryProfileSchema } from './tax.ts';
import { normalizePhone, storedFileUrlSchema, requiredText, userInputSchema } from './users.ts';

/** API answers of the setup module (English; the web shows its own translations). */
export const SETUP_MESSAGES = {
  codeInvalid: 'The setup code is not valid. Use the code printed in the server log when the app started.',
  alreadyDone: 'This shop is already set up. Sign in instead.',
  adminExists: 'An administrator account already exists.',
  tooManyCodes: 'Too many wrong setup codes. Please try again later.',
} as const;

/** The setup code as printed: 12 characters in groups of 4 (e.g. "K7QH-3MZP-W9TA"). */
export const SETUP_CODE_LENGTH = 12;
/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const SETUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** What people type: any case, spaces and dashes ignored. */
export const normalizeSetupCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

export const setupCodeSchema = z
  .string(msg('required', { fieldName: 'setupCode' }))
  .transform(normalizeSetupCode)
  .pipe(
    z
      .string()
      .min(1, msg('required', { fieldName: 'setupCode' }))
      .max(64, msg('format', { fieldName: 'setupCode' })),
  );

const optionalText = (fieldName: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, msg('maxLength', { fieldName, maxLength: max }))
    .optional()
    .transform((value) => value || undefined);

/** IANA zone names the runtime knows (Intl throws a RangeError for others). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

/** ISO 4217: three capital letters the runtime knows as a currency. */
export function isCurrencyCode(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : null;
  return known ? known.includes(value) : true;
}

const hexColor = (fieldName: string) => z.string().regex(/^#[0-9a-f]{6}$/i, msg('format', { fieldName }));

/** The first admin: the user form's identity fields, an email (to sign in and recover) and a password. */
export const setupAdminSchema = userInputSchema
  .pick({ firstName: true, lastName: true, username: true, countryCode: true, phoneNumber: true })
  .extend({
    email: requiredText('email', LIMITS.emailMax)
      .refine((value) => z.email().safeParse(value).success, msg('email', { fieldName: 'email' }))
      .transform((value) => value.toLowerCase()),
    password: passwordSchema,
  });
export type SetupAdminInput = z.input<typeof setupAdminSchema>;
export type SetupAdmin = z.output<typeof setupAdminSchema>;

/** "Atlas Auto Care" → "atlas-auto-care" (Merchant.name, the machine name). */
export function slugifyShopName(value: string): string {
  const slug = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return slug || 'garage';
}

export const setupShopSchema = z.object({
  displayName: requiredText('displayName', 200),
  /** Machine name; lower-case letters, digits and dashes. */
  name: requiredText('name', 100).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, msg('format', { fieldName: 'name' })),
  defaultLanguage: z.enum(LANGUAGES, { error: msg('required', { fieldName: 'defaultLanguage' }) }),
  currency: z
    .string(msg('required', { fieldName: 'currency' }))
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, msg('format', { fieldName: 'currency' })),
  timezone: z
    .string(msg('required', { fieldName: 'timezone' }))
    .trim()
    .min(1, msg('required', { fieldName: 'timezone' }))
    .refine(isTimeZone, msg('format', { fieldName: 'timezone' })),
  phone: optionalText('phone', 30).refine((value) => !value || /^\+?[\d\s().-]{4,30}$/.test(value), msg('format', { fieldName: 'phone' })),
  /** A phone number with its country code; stored as a wa.me link (SOCIAL_LINKS.whatsapp). */
  whatsapp: optionalText('whatsapp', 30).refine(
    (value) => !value || /^\+?\d{6,20}$/.test(normalizePhone(value)),
    msg('format', { fieldName: 'whatsapp' }),
  ),
  email: optionalText('email', LIMITS.emailMax).refine(
    (value) => !value || z.email().safeParse(value).success,
    msg('email', { fieldName: 'email' }),
  ),
  address: optionalText('address', 500),
  openingHours: optionalText('openingHours', 1000),
  logoUrl: z.union([z.literal('').transform(() => undefined), storedFileUrlSchema('logo')]).optional(),
  primaryColor: hexColor('primaryColor').default('#1d4ed8'),
  /**
   * The shop's country for taxes and invoices (FR, MA, SA, AE; OTHER: none of them): its rates, default
   * rates and prices with or without tax are applied with the setup (tax-profiles.ts). The screen also
   * fills currency, time zone and language from it, which stay as the person left them.
   */
  taxProfile: taxCountryProfileSchema.default('OTHER'),
});
export type SetupShopInput = z.input<typeof setupShopSchema>;
export type SetupShop = z.output<typeof setupShopSchema>;

export const completeSetupSchema = z.object({ setupCode: setupCodeSchema, admin: setupAdminSchema, shop: setupShopSchema });
export type CompleteSetupInput = z.input<typeof completeSetupSchema>;

export const setupStatusSchema = z.object({ needsSetup: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** Checks the setup code alone (the screen's first step), without using it up. */
export const checkSetupCodeSchema = z.object({ setupCode: setupCodeSchema });

export const CHECKLIST_STEPS = ['services', 'staff', 'customer', 'visit', 'website'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

export const checklistSchema = z.object({
  steps: z.array(z.object({ key: z.enum(CHECKLIST_STEPS), done: z.boolean() })),
  completed: z.number().int(),
  total: z.number().int(),
  allDone: z.boolean(),
  dismissed: z.boolean(),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** Brand colour scale (MERCHANT_THEME_COLORS levels 0..800) from one colour, mixed towards white and black. */
export function brandScaleFrom(hex: string): Record<'0' | '200' | '400' | '600' | '800', string> {
  const rgb = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  const mix = (target: number, amount: number) =>
    `#${rgb
      .map((channel) =>
        Math.round(channel + (target - channel) * amount)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  return { 0: mix(255, 0.92), 200: mix(255, 0.6), 400: mix(255, 0.25), 600: hex.toLowerCase(), 800: mix(0, 0.45) };
}

/** The shop's identity after setup (branding manager): the same rules as the setup screen. */
export const updateMerchantSchema = setupShopSchema.pick({
  displayName: true,
  name: true,
  defaultLanguage: true,
  currency: true,
  timezone: true,
});
export type UpdateMerchantInput = z.input<typeof updateMerchantSchema>;
export type UpdateMerchant = z.output<typeof updateMerchantSchema>;
