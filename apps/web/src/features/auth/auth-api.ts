// The sign-in calls of SPEC §7, over REST (the exact paths the spec names). Sign-in keeps the session
// through the token store; the refresh token stays in its httpOnly cookie.
import type { AuthSession, CodeSent, LoginInput } from '@garage/shared/schemas/auth';
import { apiRequest } from '../../lib/api-client.ts';
import { saveSession } from '../../lib/auth/token-store.ts';

const PURPOSE = 'PASSWORD_RESET';

export async function signIn(input: LoginInput): Promise<AuthSession> {
  const { data } = await apiRequest<AuthSession>('/user/login', { method: 'POST', json: input });
  saveSession(data);
  return data;
}

export async function sendCode(identifier: string): Promise<CodeSent> {
  return (await apiRequest<CodeSent>('/user/send-otp', { method: 'POST', json: { identifier, purpose: PURPOSE } })).data;
}

export async function resendCode(identifier: string): Promise<CodeSent> {
  return (await apiRequest<CodeSent>('/user/resend-otp', { method: 'POST', json: { identifier, purpose: PURPOSE } })).data;
}

export async function verifyCode(identifier: string, otp: string): Promise<void> {
  await apiRequest('/user/verify-otp', { method: 'POST', json: { identifier, otp, purpose: PURPOSE } });
}

export async function resetPassword(identifier: string, password: string): Promise<void> {
  await apiRequest('/user/reset-password', { method: 'POST', json: { identifier, password } });
}
