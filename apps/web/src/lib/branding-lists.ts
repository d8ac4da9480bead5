// Core values and FAQs are JSON lists inside branding fields; a malformed value shows nothing rather than
// breaking the page (the API validates writes, this only guards against old or hand-edited rows).
export interface Faq {
  question: string;
  answer: string;
}

function parseArray(value: string | undefined): unknown[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export function parseStringList(value: string | undefined): string[] {
  return parseArray(value).filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

export function parseFaqs(value: string | undefined): Faq[] {
  return parseArray(value).filter(
    (item): item is Faq =>
      !!item && typeof item === 'object' && typeof (item as Faq).question === 'string' && typeof (item as Faq).answer === 'string',
  );
}

export function parseCount(value: string | undefined): number | null {
  const count = Number(value);
  return value && Number.isFinite(count) && count >= 0 ? count : null;
}

/** For editors: keeps empty entries so a field being retyped does not vanish. */
export function parseEditableStrings(value: string | undefined): string[] {
  return parseArray(value).map((item) => (typeof item === 'string' ? item : ''));
}

export function parseEditableFaqs(value: string | undefined): Faq[] {
  return parseArray(value).map((item) => {
    const faq = (item ?? {}) as Partial<Faq>;
    return { question: typeof faq.question === 'string' ? faq.question : '', answer: typeof faq.answer === 'string' ? faq.answer : '' };
  });
}

/** Drops blank entries before saving, so an empty row is not a validation error. */
export function compactListJson(key: string, value: string): string {
  if (key === 'coreValues')
    return JSON.stringify(
      parseEditableStrings(value)
        .map((item) => item.trim())
        .filter(Boolean),
    );
  if (key === 'faqs') {
    return JSON.stringify(
      parseEditableFaqs(value)
        .map((faq) => ({ question: faq.question.trim(), answer: faq.answer.trim() }))
        .filter((faq) => faq.question || faq.answer),
    );
  }
  return value;
}
