// Sign-in contract (SPEC §3 payloads, §5 login rules): the password rule, the identifier (email, phone number
// or username), one-time codes and every auth payload. The API validates with these and the forms use them
// through zodResolver, so a rule and its message exist once.
import { z } from 'zod';
import { LANGUAGES, LIMITS, OTP, ROLES } from '../constants.ts';
import { msg } from '../messages.ts';

/** Sign-in texts not in MESSAGES: in auth-messages.ts, which does not import zod. */
export { AUTH_MESSAGES } from '../auth-messages.ts';

export const OTP_PURPOSES = ['PASSWORD_RESET', 'VERIFY_ACCOUNT'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * SPEC §5: at least 8 characters, one lowercase, one uppercase, one number and one special character.
 * Unicode classes, so accented capitals (É, Ü) count as upper-case for French users. Forms show each part
 * as a live checklist.
 */
export const PASSWORD_RULE_PARTS = {
  length: (password: string) => password.length >= LIMITS.passwordMin,
  lower: (password: string) => /\p{Ll}/u.test(password),
  upper: (password: string) => /\p{Lu}/u.test(password),
  number: (password: string) => /\p{Nd}/u.test(password),
  special: (password: string) => /[^\p{L}\p{Nd}]/u.test(password),
} as const;
export type PasswordRulePart = keyof typeof PASSWORD_RULE_PARTS;

export function meetsPasswordRule(password: string): boolean {
  return Object.values(PASSWORD_RULE_PARTS).every((check) => check(password));
}

export const passwordSchema = z
  .string(msg('required', { fieldName: 'password' }))
  .min(1, msg('required', { fieldName: 'password' }))
  .max(LIMITS.passwordMax, msg('maxLength', { fieldName: 'password', maxLength: LIMITS.passwordMax }))
  .refine(meetsPasswordRule, msg('passwordRule'));

const USERNAME_PATTERN = /^[a-z0-9._-]+$/;
/** Usernames are stored lower-case; at least one letter keeps them apart from phone numbers. */
export const usernameSchema = z
  .string(msg('required', { fieldName: 'username' }))
  .trim()
  .toLowerCase()
  .min(1, msg('required', { fieldName: 'username' }))
  .min(3, msg('minLength', { fieldName: 'username', minLength: 3 }))
  .max(LIMITS.usernameMax, msg('maxLength', { fieldName: 'username', maxLength: LIMITS.usernameMax }))
  .refine((value) => USERNAME_PATTERN.test(value) && /[a-z]/.test(value), msg('format', { fieldName: 'username' }));

export type Identifier =
  | { kind: 'email'; email: string; key: string }
  | { kind: 'phone'; digits: string; hasCountryCode: boolean; key: string }
  | { kind: 'username'; username: string; key: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^(\+|\(?[0-9])[0-9 ().-]*$/;
const PHONE_DIGITS_MIN = 6;
/** E.164: country code and number together have at most 15 digits. */
const PHONE_DIGITS_MAX = 15;

/**
 * What kind of identifier a user typed, normalised, or null when it is none of them. `key` is the
 * normalised form used for throttling buckets (so "ADMIN@x" and "admin@x" share one).
 */
export function parseIdentifier(raw: string): Identifier | null {
  const value = raw.trim();
  if (!value || value.length > LIMITS.emailMax) return null;
  if (value.includes('@')) {
    const email = value.toLowerCase();
    return EMAIL_PATTERN.test(email) ? { kind: 'email', email, key: `email:${email}` } : null;
  }
  if (PHONE_PATTERN.test(value)) {
    const digits = value.replace(/\D/g, '');
    if (digits.length < PHONE_DIGITS_MIN || digits.length > PHONE_DIGITS_MAX) return null;
    const hasCountryCode = value.startsWith('+');
    return { kind: 'phone', digits, hasCountryCode, key: `phone:${hasCountryCode ? '+' : ''}${digits}` };
  }
  const username = usernameSchema.safeParse(value);
  return username.success ? { kind: 'username', username: username.data, key: `username:${username.data}` } : null;
}

export const identifierSchema = z
  .string(msg('required', { fieldName: 'identifier' }))
  .trim()
  .min(1, msg('required', { fieldName: 'identifier' }))
  .max(LIMITS.emailMax, msg('maxLength', { fieldName: 'identifier', maxLength: LIMITS.emailMax }))
  .refine((value) => parseIdentifier(value) !== null, msg('identifier'));

export const otpSchema = z
  .string(msg('required', { fieldName: 'otp' }))
  .trim()
  .regex(new RegExp(`^\\d{${OTP.length}}$`), msg('otpDigits'));

export const otpPurposeSchema = z.enum(OTP_PURPOSES);

/** Sign-in does not apply the password rule: older passwords may predate it, and it would hint at rules. */
export const loginInputSchema = z.object({
  identifier: identifierSchema,
  password: z
    .string(msg('required', { fieldName: 'password' }))
    .min(1, msg('required', { fieldName: 'password' }))
    .max(LIMITS.passwordMax, msg('maxLength', { fieldName: 'password', maxLength: LIMITS.passwordMax })),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const registerInputSchema = z.object({ username: usernameSchema, password: passwordSchema });
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const sendOtpInputSchema = z.object({ identifier: identifierSchema, purpose: otpPurposeSchema.default('PASSWORD_RESET') });
export type SendOtpInput = z.input<typeof sendOtpInputSchema>;

export const verifyOtpInputSchema = z.object({
  identifier: identifierSchema,
  otp: otpSchema,
  purpose: otpPurposeSchema.default('PASSWORD_RESET'),
});
export type VerifyOtpInput = z.input<typeof verifyOtpInputSchema>;

export const resetPasswordInputSchema = z.object({ identifier: identifierSchema, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** The browser sends no body (the httpOnly cookie carries the token); API clients send it in the body. */
export const refreshInputSchema = z.object({ refreshToken: z.string().min(1).max(200).optional() }).nullish();
export type RefreshInput = z.infer<typeof refreshInputSchema>;

/** The new-password form: the password rule plus "passwords must match" (SPEC §5). */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string(msg('required', { fieldName: 'confirmPassword' })) })
  .refine((value) => value.password === value.confirmPassword, { message: msg('passwordsMustMatch'), path: ['confirmPassword'] });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** The signed-in user as the API returns it: never a secret. */
export const authUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  imageUrl: z.string().nullable(),
  preferredLanguage: z.enum(LANGUAGES),
  verified: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authSessionSchema = z.object({ accessToken: z.string(), refreshToken: z.string(), user: authUserSchema });
export type AuthSession = z.infer<typeof authSessionSchema>;

export const codeSentSchema = z.object({
  message: z.string(),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

export const codeVerifiedSchema = z.object({ verified: z.literal(true), resetWindowSeconds: z.number().int() });
export const messageResultSchema = z.object({ message: z.string() });
