import { describe, expect, it } from 'vitest';
import { renderMessage } from '../messages.ts';
import { CONTACT_HONEYPOT_FIELD, contactMessageInputSchema, listMessagesSchema } from './contact.ts';
import { listRatingsSchema, ratingInputSchema } from './ratings.ts';

const starsError = (input: unknown) => {
  const result = ratingInputSchema.safeParse(input);
  return result.success ? null : renderMessage(result.error.issues.find((issue) => issue.path[0] === 'stars')!.message);
};

describe('rating input', () => {
  it('requires 1 to 5 whole stars with SPEC §5 wording when none is picked', () => {
    expect(starsError({})).toBe('A star rating must be selected');
    expect(starsError({ stars: 0 })).toBe('A star rating must be selected');
    expect(starsError({ stars: null })).toBe('A star rating must be selected');
    expect(starsError({ stars: 6 })).toBe('Stars must not exceed 5');
    expect(starsError({ stars: 2.5 })).toBe('Stars format is invalid');
    for (const stars of [1, 2, 3, 4, 5]) expect(starsError({ stars })).toBeNull();
  });

  it('trims feedback, stores an empty one as null, and leaves out what is not sent (the service keeps or defaults it)', () => {
    expect(ratingInputSchema.parse({ stars: 4, feedback: '  Good job  ' })).toStrictEqual({ stars: 4, feedback: 'Good job' });
    expect(ratingInputSchema.parse({ stars: 4 })).toStrictEqual({ stars: 4 });
    expect(ratingInputSchema.parse({ stars: 4, feedback: '   ' }).feedback).toBeNull();
    expect(ratingInputSchema.safeParse({ stars: 4, feedback: 'x'.repeat(2001) }).success).toBe(false);
    expect(ratingInputSchema.safeParse({ stars: 4, feedback: 'x'.repeat(2000) }).success).toBe(true);
  });

  it('reads staff filters from a query string', () => {
    expect(listRatingsSchema.parse({ stars: '5', period: '30d', page: '2' })).toMatchObject({
      stars: 5,
      period: '30d',
      page: 2,
      pageSize: 10,
    });
    expect(listRatingsSchema.safeParse({ stars: '0' }).success).toBe(false);
    expect(listRatingsSchema.safeParse({ period: 'forever' }).success).toBe(false);
  });
});

describe('contact schemas', () => {
  it('accepts the honeypot field (empty or not: the API decides) and limits its size', () => {
    const base = { fullName: 'Nadia', email: 'nadia@example.com', message: 'Hello' };
    expect(contactMessageInputSchema.parse({ ...base, [CONTACT_HONEYPOT_FIELD]: '' })).toMatchObject(base);
    expect(contactMessageInputSchema.safeParse({ ...base, [CONTACT_HONEYPOT_FIELD]: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('filters the inbox by read state, all by default', () => {
    expect(listMessagesSchema.parse({}).status).toBe('all');
    expect(listMessagesSchema.safeParse({ status: 'archived' }).success).toBe(false);
  });
});
