// Every namespace exists in en, fr and ar with exactly the same keys and the same {{placeholders}}, so no
// screen can show a missing or half-translated text in one language.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@garage/shared/constants';
import { VALIDATION_TEMPLATES } from '@garage/shared/messages';
import { MESSAGE_CATALOGUE } from '@garage/shared/message-catalogue';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function flatten(node: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = typeof node === 'string' ? node : JSON.stringify(node);
  }
  return out;
}

const bundles = new Map<string, Map<string, Record<string, string>>>();
for (const [file, content] of Object.entries(files)) {
  const [, language, name] = /^\.\/(\w+)\/(.+)\.json$/.exec(file)!;
  if (!bundles.has(name!)) bundles.set(name!, new Map());
  bundles.get(name!)!.set(language!, flatten(content));
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]).sort();

describe('locale files', () => {
  it('only use the supported languages as folders', () => {
    const folders = new Set(Object.keys(files).map((file) => file.split('/')[1]));
    expect([...folders].sort()).toEqual([...LANGUAGES].sort());
  });

  for (const [namespace, byLanguage] of bundles) {
    describe(`namespace "${namespace}"`, () => {
      it('exists in every language', () => {
        expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
      });

      it('has the same keys in en, fr and ar', () => {
        const reference = Object.keys(byLanguage.get('en') ?? {}).sort();
        expect(reference.length).toBeGreaterThan(0);
        for (const language of LANGUAGES) expect(Object.keys(byLanguage.get(language) ?? {}).sort(), language).toEqual(reference);
      });

      it('has no empty texts and the same placeholders in every language', () => {
        const english = byLanguage.get('en') ?? {};
        for (const language of LANGUAGES) {
          for (const [key, text] of Object.entries(byLanguage.get(language) ?? {})) {
            expect(text.trim(), `${language}:${namespace}.${key}`).not.toBe('');
            expect(placeholders(text), `${language}:${namespace}.${key}`).toEqual(placeholders(english[key] ?? ''));
          }
        }
      });
    });
  }

  it('translate every validation message code of @garage/shared', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(bundles.get('validation')!.get(language)!).sort(), language).toEqual(Object.keys(VALIDATION_TEMPLATES).sort());
    }
  });

  it('translate every API message code of @garage/shared (SPEC §8 and the rest) under common:messages', () => {
    const keys = Object.keys(bundles.get('common')!.get('en')!)
      .filter((key) => key.startsWith('messages.'))
      .map((key) => key.slice(9));
    expect(keys.sort()).toEqual(Object.keys(MESSAGE_CATALOGUE).sort());
  });
});
