// The sign-in and code limits (the mechanism is http/throttle.ts).

const MINUTE = 60;
/** The numbers are documented in docs/features.md, "Sign-in and sessions". */
export const AUTH_THROTTLE = {
  loginPerIdentifier: { limit: 5, windowSeconds: 15 * MINUTE },
  loginPerIp: { limit: 30, windowSeconds: 15 * MINUTE },
  codeSendPerIdentifier: { limit: 5, windowSeconds: 60 * MINUTE },
  codeSendPerIp: { limit: 20, windowSeconds: 60 * MINUTE },
  codeVerifyPerIdentifier: { limit: 10, windowSeconds: 15 * MINUTE },
  codeVerifyPerIp: { limit: 30, windowSeconds: 15 * MINUTE },
  resetPerIp: { limit: 30, windowSeconds: 15 * MINUTE },
  registerPerIp: { limit: 10, windowSeconds: 60 * MINUTE },
} as const;

export const buckets = {
  /** Unknown identifiers only: failures against an account count on the account (loginAccount). */
  loginIdentifier: (key: string) => `login:id:${key}`,
  /** Every identifier of one account (username, email, phone) shares this bucket, so it gets one set of guesses. */
  loginAccount: (userId: string) => `login:account:${userId}`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  codeSend: (purpose: string, key: string) => `otp-send:${purpose}:${key}`,
  codeSendIp: (ip: string) => `otp-send:ip:${ip}`,
  codeVerify: (purpose: string, key: string) => `otp-verify:${purpose}:${key}`,
  codeVerifyIp: (ip: string) => `otp-verify:ip:${ip}`,
  resetIp: (ip: string) => `reset:ip:${ip}`,
  registerIp: (ip: string) => `register:ip:${ip}`,
};
