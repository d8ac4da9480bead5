// Users (customers and staff): the one contract for the user forms and the API (SPEC §3, §5, §9).
// Messages are codes (msg()); limits come from LIMITS.
import { z } from 'zod';
import { LANGUAGES, LIMITS, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, ROLES } from '../constants.ts';
import { msg } from '../messages.ts';
import { passwordSchema, usernameSchema } from './auth.ts';
import { customerBillingSchema, customerBillingViewSchema } from './tax.ts';

/** API answers about accounts (English; the web shows its own translations of the same keys). */
export const USER_MESSAGES = {
  staffAccountsAdminOnly: 'Only an administrator can create, change or delete staff accounts',
  notOnYourself: 'You cannot delete, deactivate or change the role of your own account',
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email address is already in use',
  phoneTaken: 'This phone number is already in use',
  deleted: 'The user was deleted.',
  deactivatedInstead:
    'This user has history (visits, payments, oil changes, media or a rating), so the account was deactivated and hidden instead of erased. The history is kept.',
  wrongPassword: 'The current password is incorrect',
  passwordChanged: 'Your password has been changed.',
  contactNeedsCode:
    'The email address and the phone number change with a code sent to the new address (POST /backend/profile/email-change or /backend/profile/phone-change)',
} as const;

export const USER_SORTS = ['newest', 'oldest', 'name', 'username'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const AGE_MAX = 120;

/**
 * The URL of one of the app's own stored files, as the uploads module and the media library give it
 * (`/backend/media/<id>/file`, served by modules/media). Every image, logo and avatar field takes only this
 * (storedFileUrlSchema): an outside address would make every visitor's browser call a third party (a
 * tracking pixel, the staff's IP addresses), could change or vanish behind our back, and is not in the
 * backup.
 */
export const STORED_FILE_URL_PATTERN = /^\/backend\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/file$/i;
/** The media file id inside a stored file's URL, or null (no URL, or an old outside address). */
export const mediaIdFromUrl = (url: string | null | undefined) => (url ? (STORED_FILE_URL_PATTERN.exec(url)?.[1] ?? null) : null);

const required = (fieldName: string) => msg('required', { fieldName });
const maxLength = (fieldName: string, max: number) => msg('maxLength', { fieldName, maxLength: max });

/** A required, trimmed text of at most `max` characters. */
export function requiredText(fieldName: string, max: number) {
  return z
    .string({ error: required(fieldName) })
    .trim()
    .min(1, required(fieldName))
    .max(max, maxLength(fieldName, max));
}

/** The one schema of every image, logo and avatar field: one of our stored files (STORED_FILE_URL_PATTERN). */
export const storedFileUrlSchema = (fieldName: string) =>
  requiredText(fieldName, 500).regex(STORED_FILE_URL_PATTERN, msg('format', { fieldName }));

/** Phone numbers are stored as digits only; spaces, dashes, dots and brackets typed by people are dropped. */
export const normalizePhone = (value: string) => value.replace(/[\s().-]/g, '');
/** "+1", "1", "+1-684" → "+1", "+1", "+1-684". */
export const normalizeCountryCode = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' || trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
};

const userFields = {
  firstName: requiredText('firstName', LIMITS.nameMax),
  lastName: requiredText('lastName', LIMITS.nameMax),
  username: usernameSchema,
  /** Optional; an empty input means "no email". */
  email: z
    .string()
    .trim()
    .max(LIMITS.emailMax, maxLength('email', LIMITS.emailMax))
    .refine((value) => value === '' || z.email().safeParse(value).success, msg('email', { fieldName: 'email' }))
    .transform((value) => value.toLowerCase())
    .nullish(),
  countryCode: requiredText('countryCode', LIMITS.countryCodeMax)
    .regex(/^\+?\d{1,4}(-\d{1,4})?$/, msg('format', { fieldName: 'countryCode' }))
    .transform(normalizeCountryCode),
  phoneNumber: z
    .string({ error: required('phoneNumber') })
    .transform(normalizePhone)
    .pipe(
      z
        .string()
        .min(1, required('phoneNumber'))
        .max(LIMITS.phoneMax, maxLength('phoneNumber', LIMITS.phoneMax))
        .regex(/^\d+$/, msg('number', { fieldName: 'phoneNumber' })),
    ),
  role: z.enum(ROLES, { error: required('role') }),
  /** Optional, but when given it must be greater than 16 (SPEC §5). */
  age: z
    .number({ error: msg('number', { fieldName: 'age' }) })
    .int(msg('number', { fieldName: 'age' }))
    .gt(LIMITS.minAgeExclusive, msg('ageAbove', { fieldName: 'age', minValue: LIMITS.minAgeExclusive }))
    .max(AGE_MAX, msg('maxValue', { fieldName: 'age', maxValue: AGE_MAX }))
    .nullish(),
  imageUrl: storedFileUrlSchema('image'),
  preferredLanguage: z.enum(LANGUAGES).default('en'),
  verified: z.boolean().default(false),
  active: z.boolean().default(true),
  /**
   * A business customer's invoice details (company name, address, identifiers checked by the shop's country
   * profile: legal-identifiers.ts); null: a private customer.
   */
  billing: customerBillingSchema.nullish(),
};

/** The fields staff edit on a user (create and update). */
export const userInputSchema = z.object(userFields);
export type UserInput = z.input<typeof userInputSchema>;
export type UserInputParsed = z.output<typeof userInputSchema>;

/** Create: a password is optional; without one the user sets it through "forgot password". */
export const createUserSchema = userInputSchema.extend({
  password: z.union([z.literal('').transform(() => undefined), passwordSchema]).optional(),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/**
 * Updates change only what they are sent (PATCH semantics): an omitted field keeps its value, null clears a
 * field that may be empty (email, age). The create defaults (language, verified, active) are left out here,
 * or an update that omits them would silently reset them.
 */
const { preferredLanguage: _language, verified: _verified, active: _active, ...fieldsWithoutDefaults } = userFields;
export const userPatchSchema = z
  .object({ ...fieldsWithoutDefaults, preferredLanguage: z.enum(LANGUAGES), verified: z.boolean(), active: z.boolean() })
  .partial();
export type UserPatch = z.output<typeof userPatchSchema>;

export const updateUserSchema = z.object({ id: z.uuid(), data: userPatchSchema });
export const setUserActiveSchema = z.object({ id: z.uuid(), active: z.boolean() });
export const userIdSchema = z.object({ id: z.uuid() });

/** Query-string friendly (REST sends strings) and typed (tRPC sends numbers and booleans). */
export const queryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);
export const queryInt = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int());

export const paginationSchema = z.object({
  page: queryInt.pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: queryInt
    .refine((value) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(value), msg('format', { fieldName: 'pageSize' }))
    .default(PAGE_SIZE_DEFAULT),
});

export const listUsersSchema = paginationSchema.extend({
  search: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  active: queryBoolean.optional(),
  verified: queryBoolean.optional(),
  sort: z.enum(USER_SORTS).default('newest'),
});
export type ListUsersQuery = z.input<typeof listUsersSchema>;

export const userViewSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  countryCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLES),
  age: z.number().nullable(),
  imageUrl: z.string().nullable(),
  verified: z.boolean(),
  active: z.boolean(),
  preferredLanguage: z.enum(LANGUAGES),
  hasPassword: z.boolean(),
  /** Business customers only (null: a private customer). */
  billing: customerBillingViewSchema.nullable(),
  vehicleCount: z.number(),
  visitCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserView = z.infer<typeof userViewSchema>;

/**
 * A window of a history that grows with time (a vehicle's oil changes, a visit's payments), newest first: at
 * most `limit` rows (50 unless asked), and the older ones with `before` = the id of the last row received.
 * A cursor, not a page number: rows recorded meanwhile neither shift nor repeat what was already shown.
 */
export const HISTORY_WINDOW = { defaultLimit: 50, maxLimit: 100 } as const;
export const historyWindowSchema = z.object({
  limit: z.coerce
    .number()
    .int(msg('number', { fieldName: 'limit' }))
    .min(1, msg('minValue', { fieldName: 'limit', minValue: 1 }))
    .max(HISTORY_WINDOW.maxLimit, msg('maxValue', { fieldName: 'limit', maxValue: HISTORY_WINDOW.maxLimit }))
    .default(HISTORY_WINDOW.defaultLimit),
  before: z.uuid(msg('format', { fieldName: 'before' })).optional(),
});
export type HistoryWindow = z.output<typeof historyWindowSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number(), pageCount: z.number() });
export const userPageSchema = pageOf(userViewSchema);
export type UserPage = z.infer<typeof userPageSchema>;

export const DELETE_OUTCOMES = ['deleted', 'deactivated'] as const;
export const deleteResultSchema = z.object({ outcome: z.enum(DELETE_OUTCOMES), message: z.string() });
export type DeleteResult = z.infer<typeof deleteResultSchema>;

// Own profile (/admin/user-profile, /client/profile): people edit their name, age, picture and language;
// role, username and account state stay with staff. The email address and the phone number change only
// with a code sent to the new address (schemas/profile.ts); staff still set them directly on the user form.
// The picture is optional here: self-registered clients start without one.
export const profileInputSchema = userInputSchema
  .pick({ firstName: true, lastName: true, age: true, preferredLanguage: true })
  .extend({ imageUrl: z.union([z.literal('').transform(() => null), storedFileUrlSchema('image')]).nullish() });
/** Sent to PUT /profile: refused with a pointer to the verified change, not silently ignored. */
const changedWithCode = z.never({ error: 'users.contactNeedsCode' }).optional();
/** What the API takes for a profile update: only the fields sent change (see userPatchSchema). */
export const profilePatchSchema = userPatchSchema.pick({ firstName: true, lastName: true, age: true, preferredLanguage: true }).extend({
  imageUrl: z.union([z.literal('').transform(() => null), storedFileUrlSchema('image')]).nullish(),
  email: changedWithCode,
  countryCode: changedWithCode,
  phoneNumber: changedWithCode,
});
export type ProfilePatch = z.output<typeof profilePatchSchema>;
export type ProfileInput = z.input<typeof profileInputSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: required('currentPassword') })
      .min(1, required('currentPassword'))
      .max(LIMITS.passwordMax),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: required('confirmPassword') }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { message: msg('passwordsMustMatch'), path: ['confirmPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
