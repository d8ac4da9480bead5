// The public contact form (SPEC §2 home page, client get-in-touch; §5: all fields required, valid email).
// One contract for the form (zodResolver) and the API. Messages are codes (msg()).
import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { msg } from '../messages.ts';

export const CONTACT_MESSAGE_MAX = 5000;

const requiredText = (fieldName: string, max: number) =>
  z
    .string({ error: msg('required', { fieldName }) })
    .trim()
    .min(1, msg('required', { fieldName }))
    .max(max, msg('maxLength', { fieldName, maxLength: max }));

export const contactMessageInputSchema = z.object({
  fullName: requiredText('fullName', LIMITS.nameMax),
  email: requiredText('email', LIMITS.emailMax).pipe(z.email(msg('email', { fieldName: 'email' }))),
  message: requiredText('message', CONTACT_MESSAGE_MAX),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

/** Per-IP limit on public contact messages: enough for people, not for a spam script. */
export const CONTACT_THROTTLE = { limit: 10, windowSeconds: 15 * 60 } as const;
export const CONTACT_MESSAGES = {
  tooMany: 'You have sent several messages in a short time. Please try again later.',
} as const;
