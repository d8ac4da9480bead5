// Own-profile contract beyond the user fields: changing the email address or the phone number is a two-step
// operation. The new address gets a one-time code (same length, lifetime and attempt limit as the sign-in
// codes, OTP in constants.ts); the account keeps its current address until the code comes back.
import { z } from 'zod';
import { LIMITS, OTP } from '../constants.ts';
import { msg } from '../messages.ts';
import { otpSchema } from './auth.ts';
import { userInputSchema, userViewSchema } from './users.ts';

export const ADDRESS_CHANNELS = ['email', 'phone'] as const;
export type AddressChannel = (typeof ADDRESS_CHANNELS)[number];

/** The one-time-code purpose of each channel (OneTimeCode.purpose in the database). */
export const CONTACT_CHANGE_PURPOSES = { email: 'CHANGE_EMAIL', phone: 'CHANGE_PHONE' } as const satisfies Record<AddressChannel, string>;
export type ContactChangePurpose = (typeof CONTACT_CHANGE_PURPOSES)[AddressChannel];

/** API answers of the contact change (English; the web shows its own translations of the same keys). */
export const CONTACT_CHANGE_MESSAGES = {
  sameEmail: 'This is already your email address',
  samePhone: 'This is already your phone number',
  nothingPending: 'No change is waiting for a code. Ask for a new code.',
} as const;

/** The address to move to: the user form's email rule, but required. */
export const emailChangeSchema = z.object({
  email: z
    .string({ error: msg('required', { fieldName: 'email' }) })
    .trim()
    .min(1, msg('required', { fieldName: 'email' }))
    .max(LIMITS.emailMax, msg('maxLength', { fieldName: 'email', maxLength: LIMITS.emailMax }))
    .refine((value) => z.email().safeParse(value).success, msg('email', { fieldName: 'email' }))
    .transform((value) => value.toLowerCase()),
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

export const phoneChangeSchema = userInputSchema.pick({ countryCode: true, phoneNumber: true });
export type PhoneChangeInput = z.input<typeof phoneChangeSchema>;

export const contactChannelSchema = z.object({ channel: z.enum(ADDRESS_CHANNELS) });
export const confirmContactChangeSchema = contactChannelSchema.extend({ otp: otpSchema });
export type ConfirmContactChangeInput = z.input<typeof confirmContactChangeSchema>;

const pendingTiming = {
  /** When the code stops working. */
  expiresAt: z.string(),
  /** Seconds before another code may be sent (0: now). */
  resendAfterSeconds: z.number().int().min(0).max(OTP.resendCooldownSeconds),
};
export const pendingContactChangesSchema = z.object({
  email: z.object({ email: z.string(), ...pendingTiming }).nullable(),
  phone: z.object({ countryCode: z.string(), phoneNumber: z.string(), ...pendingTiming }).nullable(),
});
export type PendingContactChanges = z.infer<typeof pendingContactChangesSchema>;

/** GET /profile and every profile change: the account plus the address changes waiting for their code. */
export const profileViewSchema = userViewSchema.extend({ pendingChanges: pendingContactChangesSchema });
export type ProfileView = z.infer<typeof profileViewSchema>;
