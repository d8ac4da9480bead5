// The auth feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { AuthAlert } from './auth-alert.tsx';
export { formatWait, retryAfterOf } from './auth-errors.ts';
export { OtpInput } from './otp-input.tsx';
export { PasswordInput } from './password-input.tsx';
