import { describe, expect, it } from 'vitest';
import { renderCodedText } from '../message-catalogue.ts';
import { msg } from '../messages.ts';
import { confirmContactChangeSchema, emailChangeSchema, phoneChangeSchema } from './profile.ts';
import { profilePatchSchema, USER_MESSAGES } from './users.ts';

describe('own email / phone change contract', () => {
  it('takes a new email trimmed and lower-cased, and requires one', () => {
    expect(emailChangeSchema.parse({ email: '  New@Example.COM ' })).toEqual({ email: 'new@example.com' });
    expect(emailChangeSchema.safeParse({ email: '' }).error?.issues[0]?.message).toBe(msg('required', { fieldName: 'email' }));
    expect(emailChangeSchema.safeParse({ email: 'not-an-address' }).error?.issues[0]?.message).toBe(msg('email', { fieldName: 'email' }));
  });

  it('normalises a new phone number like the user form', () => {
    expect(phoneChangeSchema.parse({ countryCode: '33', phoneNumber: '6 12-34.56 78' })).toEqual({
      countryCode: '+33',
      phoneNumber: '612345678',
    });
  });

  it('needs a 6-digit code and a channel to confirm', () => {
    expect(confirmContactChangeSchema.safeParse({ channel: 'email', otp: '12345' }).success).toBe(false);
    expect(confirmContactChangeSchema.safeParse({ channel: 'fax', otp: '123456' }).success).toBe(false);
    expect(confirmContactChangeSchema.parse({ channel: 'phone', otp: ' 123456 ' })).toEqual({ channel: 'phone', otp: '123456' });
  });

  it('refuses the email and phone on the plain profile update, naming the way to change them', () => {
    for (const change of [{ email: 'a@b.co' }, { email: null }, { phoneNumber: '123' }, { countryCode: '+1' }]) {
      expect(renderCodedText(profilePatchSchema.safeParse(change).error?.issues[0]?.message ?? '')).toBe(USER_MESSAGES.contactNeedsCode);
    }
    expect(profilePatchSchema.parse({ firstName: 'Sam' })).toEqual({ firstName: 'Sam' });
  });
});
