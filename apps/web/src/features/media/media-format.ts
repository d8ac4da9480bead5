// Small helpers shared by the media screens: absolute URLs, sizes and dates in the reader's language, and
// server messages in that language.
import type { TFunction } from 'i18next';
import type { CodedMessage } from '@garage/shared/message-catalogue';
import { renderCode } from '../../lib/form-errors.ts';
import { resolveMediaUrl } from '../../lib/media-url.ts';

export const mediaUrl = (url: string) => resolveMediaUrl(url) ?? url;
export const absoluteMediaUrl = (url: string) => new URL(mediaUrl(url), window.location.origin).toString();

export function formatBytes(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(1, Math.round(bytes / 1024)), 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

export const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

/** An API refusal of an upload in the user's language. */
export function uploadErrorText(t: TFunction, problem: CodedMessage | undefined): string | undefined {
  return problem && renderCode(t, problem.code, problem.params);
}
