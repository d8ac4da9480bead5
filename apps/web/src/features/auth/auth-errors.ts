// Turns what the sign-in endpoints answer into sentences in the user's language: the API's message codes
// through lib/form-errors.ts, the forms' validation codes with the auth field labels.
import type { TFunction } from 'i18next';
import { VALIDATION_TEMPLATES, fillTemplate, parseMessage } from '@garage/shared/messages';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessageOf, translateMessage } from '../../lib/form-errors.ts';

/** "mm:ss" (or "h:mm:ss"), readable in every language without plural rules. */
export function formatWait(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const seconds = (error.body as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

/** A validation message (a code of the shared schemas) with auth's field labels. */
export function translateFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const { code, params } = parseMessage(message);
  if (code) {
    const fieldName = params.fieldName ? t(`auth:fields.${params.fieldName}`) : '';
    return t(`validation:${code}`, {
      ...params,
      fieldName,
      defaultValue: fillTemplate(VALIDATION_TEMPLATES[code], { ...params, fieldName }),
    });
  }
  return translateMessage(t, message);
}

/** The detail line under a failure title ("Login failed. Please try again."). */
export function describeAuthError(t: TFunction, error: unknown): string {
  const wait = retryAfterOf(error);
  if (error instanceof ApiError) {
    if (wait !== undefined) {
      const key = error.body.messageCode === 'auth.codeResendTooSoon' ? 'auth:server.codeResendTooSoon' : 'auth:server.tooManyAttempts';
      return t(key, { time: formatWait(wait) });
    }
    if (error.status >= 500) return t('auth:server.unavailable');
    return errorMessageOf(t, error) ?? t('auth:server.unavailable');
  }
  return t('auth:server.network');
}

/** A failure of the drawn form sent before the app started, as POST /login put it in the address (apps/api login-form.ts). */
export interface FormFailure {
  code: string;
  retryAfterSeconds?: number;
}

const FORM_FAILURE_CODES = new Set(['invalidCredentials', 'accountDeactivated', 'tooManyAttempts', 'unavailable']);

/** `?error=<code>&retry=<seconds>&identifier=<typed>` of /login, or null. */
export function readFormFailure(search: string): (FormFailure & { identifier: string }) | null {
  const query = new URLSearchParams(search);
  const code = query.get('error');
  if (!code || !FORM_FAILURE_CODES.has(code)) return null;
  const retry = Number(query.get('retry'));
  return { code, retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : undefined, identifier: query.get('identifier') ?? '' };
}

export function describeFormFailure(t: TFunction, failure: FormFailure | null): string | null {
  if (!failure) return null;
  if (failure.code === 'tooManyAttempts') return t('auth:server.tooManyAttempts', { time: formatWait(failure.retryAfterSeconds ?? 0) });
  return t(`auth:server.${failure.code}`);
}
