// What a failed visit/task/payment change tells the user: a conflict (someone else changed the record) or
// a refused move says why, in their language when the API message is a known one; anything else gets the
// SPEC §8 failure text ("Failed to update visit. Please try again.").
import type { TFunction } from 'i18next';
import { translateMessage } from '../../lib/form-errors.ts';

interface ErrorLike {
  message?: string;
  data?: { code?: string; httpStatus?: number } | null;
}

export function errorCode(error: unknown): string | undefined {
  return (error as ErrorLike | null)?.data?.code ?? undefined;
}

export function failureMessage(t: TFunction, error: unknown, fallback: string): string {
  const { message } = (error ?? {}) as ErrorLike;
  if (errorCode(error) === 'CONFLICT' && message) return translateMessage(t, message);
  return fallback;
}
