import { describe, expect, it } from 'vitest';
import { parseMessage } from '../messages.ts';
import {
  identifierSchema,
  meetsPasswordRule,
  newPasswordFormSchema,
  otpSchema,
  parseIdentifier,
  passwordSchema,
  registerInputSchema,
} from './auth.ts';

const codesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => parseMessage(issue.message).code);

describe('password rule (SPEC §5)', () => {
  it.each([
    ['Abcdef1!', true],
    ['Abcde1!', false], // 7 characters
    ['abcdef1!', false], // no uppercase
    ['ABCDEF1!', false], // no lowercase
    ['Abcdefg!', false], // no number
    ['Abcdefg1', false], // no special character
    ['Écoles#1', true], // accented capitals count as upper-case
    ['école#12', false],
    ['Pass word1', true], // a space counts as special
  ])('%s -> %s', (password, ok) => {
    expect(meetsPasswordRule(password)).toBe(ok);
    expect(passwordSchema.safeParse(password).success).toBe(ok);
  });

  it('reports the rule as a message code', () => {
    expect(codesOf(passwordSchema.safeParse('weak'))).toContain('passwordRule');
  });
});

describe('identifier', () => {
  it('recognises emails case-insensitively', () => {
    expect(parseIdentifier('  Admin@Demo.GARAGE ')).toEqual({ kind: 'email', email: 'admin@demo.garage', key: 'email:admin@demo.garage' });
  });

  it('recognises phone numbers with or without a country code', () => {
    expect(parseIdentifier('+1 555-010-0001')).toMatchObject({ kind: 'phone', digits: '15550100001', hasCountryCode: true });
    expect(parseIdentifier('5550100001')).toMatchObject({ kind: 'phone', digits: '5550100001', hasCountryCode: false });
    expect(parseIdentifier('(555) 010 0001')).toMatchObject({ kind: 'phone', digits: '5550100001' });
  });

  it('recognises usernames, lower-cased', () => {
    expect(parseIdentifier('Client2')).toEqual({ kind: 'username', username: 'client2', key: 'username:client2' });
    expect(parseIdentifier('youssef.alaoui')).toMatchObject({ kind: 'username' });
  });

  it.each(['', '   ', 'no@tld', 'a b', '12345', '+1234567890123456', 'x'.repeat(101), 'bad!name'])('rejects %j', (raw) => {
    expect(parseIdentifier(raw)).toBeNull();
    expect(identifierSchema.safeParse(raw).success).toBe(false);
  });
});

describe('payloads', () => {
  it('validates the one-time code as 6 digits', () => {
    expect(otpSchema.safeParse('012345').success).toBe(true);
    expect(codesOf(otpSchema.safeParse('12345'))).toEqual(['otpDigits']);
    expect(otpSchema.safeParse('12345a').success).toBe(false);
  });

  it('lower-cases the registered username and applies the password rule', () => {
    expect(registerInputSchema.parse({ username: 'NewUser', password: 'Abcdef1!' })).toEqual({ username: 'newuser', password: 'Abcdef1!' });
    expect(registerInputSchema.safeParse({ username: '123456', password: 'Abcdef1!' }).success).toBe(false);
    expect(registerInputSchema.safeParse({ username: 'newuser', password: 'abcdefgh' }).success).toBe(false);
  });

  it('requires the new password twice, the same', () => {
    const mismatch = newPasswordFormSchema.safeParse({ password: 'Abcdef1!', confirmPassword: 'Abcdef1?' });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ['confirmPassword'] });
    expect(parseMessage(mismatch.error!.issues[0]!.message).code).toBe('passwordsMustMatch');
    expect(newPasswordFormSchema.safeParse({ password: 'Abcdef1!', confirmPassword: 'Abcdef1!' }).success).toBe(true);
  });
});
