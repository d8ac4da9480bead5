// The sign-in texts, apart from the zod schemas (schemas/auth.ts re-exports them): the sign-in page maps
// the API's answers with these on its first paint, which must not pull zod in (apps/web, bytes on the wire).
/** Sign-in texts not in MESSAGES (SPEC §8 lists the OTP/reset failures; the rest are the API's answers). */
export const AUTH_MESSAGES = {
  accountDeactivated: 'This account is deactivated',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  codeSent: 'If an account matches, a code has been sent.',
  codeInvalid: 'The code is invalid or has expired',
  codeLocked: 'Too many wrong codes. Request a new code.',
  codeResendTooSoon: 'Please wait before requesting a new code.',
  resetNotAllowed: 'Verify a code before choosing a new password',
  passwordReset: 'Your password has been changed.',
  usernameTaken: 'This username is already taken',
  loggedOut: 'Signed out',
  sendOtpFailed: 'Failed to send OTP. Please try again.',
  verifyOtpFailed: 'Failed to verify OTP. Please try again.',
  resendOtpFailed: 'Failed to resend OTP. Please try again.',
  resetPasswordFailed: 'Failed to reset password. Please try again.',
} as const;
