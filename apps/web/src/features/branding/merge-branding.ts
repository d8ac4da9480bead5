// Same rule as mergeBranding in @garage/shared/branding (SPEC §3: common entries, then the current
// language's, into one key → value map). Restated here because that module also builds zod schemas, which
// would add ~24 KB gzip to the landing page; merge-branding.test.ts keeps both in agreement.
import type { BrandingEntry } from '@garage/shared/branding';

export function mergeBrandingEntries(entries: readonly BrandingEntry[], language: string): Record<string, string> {
  const lang = language.slice(0, 2);
  const merged: Record<string, string> = {};
  for (const scope of ['common', lang]) {
    for (const entry of entries) {
      if (entry.language !== scope) continue;
      for (const field of entry.fields) merged[field.key] = field.value;
    }
  }
  return merged;
}

/** The first field's value of an entry type (MERCHANT_THEME_COLORS carries its JSON there). */
export function firstFieldValue(entries: readonly BrandingEntry[], type: string): string | undefined {
  return entries.find((entry) => entry.type === type)?.fields[0]?.value;
}
