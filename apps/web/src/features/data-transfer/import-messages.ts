// The import's messages in the user's language: row errors are the forms' validation codes (named after the
// import field they concern), the rest are IMPORT_MESSAGES sentences matched back to their keys.
import type { TFunction } from 'i18next';
import { parseMessage } from '@garage/shared/messages';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@garage/shared/schemas/data-transfer';

const KEYS = new Map<string, string>(Object.entries(IMPORT_MESSAGES).map(([key, text]) => [text, key]));
/** The limits the file-size messages name (IMPORT_LIMITS), written in the user's language by i18next. */
const LIMIT_PARAMS = { maxRows: IMPORT_LIMITS.maxRows, maxColumns: IMPORT_LIMITS.maxColumns, cellMaxChars: IMPORT_LIMITS.cellMaxChars, rowMaxChars: IMPORT_LIMITS.rowMaxChars };

export function importMessage(t: TFunction, message: string, field?: string): string {
  const parsed = parseMessage(message);
  if (parsed.code) {
    const fieldName = field ? t(`dataTransfer:fields.${field}`, { defaultValue: field }) : t('fields:value', { defaultValue: 'Value' });
    return t(`validation:${parsed.code}`, { ...parsed.params, fieldName });
  }
  const key = KEYS.get(message) ?? (/must not exceed \d+MB$/.test(message) ? 'fileTooLarge' : undefined);
  return key ? t(`dataTransfer:messages.${key}`, LIMIT_PARAMS) : message;
}
