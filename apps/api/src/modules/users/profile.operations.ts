// The signed-in account's own profile: name, picture, language, password, and the email/phone changes that
// wait for a code sent to the new address (contact-change.service.ts).
import {
  changePasswordSchema,
  confirmContactChangeSchema,
  contactChannelSchema,
  emailChangeSchema,
  phoneChangeSchema,
  profilePatchSchema,
  profileViewSchema,
} from '@garage/shared';
import { z } from 'zod';
import { readRefreshToken } from '../../http/cookies.ts';
import { mutation, query } from '../../operations/operation.ts';
import {
  cancelContactChange,
  confirmContactChange,
  contactChangeContext,
  requestEmailChange,
  requestPhoneChange,
} from './contact-change.service.ts';
import { changePassword, getProfile, updateProfile } from './profile.service.ts';

export const profileOperations = {
  get: query({
    access: 'signedIn',
    rest: { method: 'GET', path: '/profile', summary: 'My account, with the email/phone changes waiting for a code' },
    input: z.void(),
    output: profileViewSchema,
    handler: ({ ctx }) => getProfile(ctx.deps.db, ctx.session),
  }),
  update: mutation({
    access: 'signedIn',
    rest: {
      method: 'PUT',
      path: '/profile',
      summary: 'Update my name, age, picture and language: only the fields sent change (email and phone: see email-change, phone-change)',
    },
    input: profilePatchSchema,
    output: profileViewSchema,
    handler: ({ ctx, input }) => updateProfile(ctx.deps.db, ctx.session, input),
  }),
  changePassword: mutation({
    access: 'signedIn',
    rest: { method: 'POST', path: '/profile/password', summary: 'Change my password (needs the current one)' },
    input: changePasswordSchema,
    output: z.object({ message: z.string() }),
    handler: ({ ctx, input }) => changePassword(ctx.deps.db, ctx.session, input, readRefreshToken(ctx.req, undefined)),
  }),
  requestEmailChange: mutation({
    access: 'signedIn',
    rest: { method: 'POST', path: '/profile/email-change', summary: 'Send a code to a new email address (asking again sends a new code)' },
    input: emailChangeSchema,
    output: profileViewSchema,
    handler: async ({ ctx, input }) => {
      await requestEmailChange(contactChangeContext(ctx.deps, ctx.req), ctx.session, input);
      return getProfile(ctx.deps.db, ctx.session);
    },
  }),
  requestPhoneChange: mutation({
    access: 'signedIn',
    rest: { method: 'POST', path: '/profile/phone-change', summary: 'Send a code to a new phone number (asking again sends a new code)' },
    input: phoneChangeSchema,
    output: profileViewSchema,
    handler: async ({ ctx, input }) => {
      await requestPhoneChange(contactChangeContext(ctx.deps, ctx.req), ctx.session, input);
      return getProfile(ctx.deps.db, ctx.session);
    },
  }),
  confirmContactChange: mutation({
    access: 'signedIn',
    rest: (['email', 'phone'] as const).map((channel) => ({
      method: 'POST' as const,
      path: `/profile/${channel}-change/verify`,
      fixed: { channel },
      summary: `Apply the new ${channel} with the code it received`,
    })),
    input: confirmContactChangeSchema,
    output: profileViewSchema,
    handler: async ({ ctx, input }) => {
      await confirmContactChange(contactChangeContext(ctx.deps, ctx.req), ctx.session, input);
      return getProfile(ctx.deps.db, ctx.session);
    },
  }),
  cancelContactChange: mutation({
    access: 'signedIn',
    rest: (['email', 'phone'] as const).map((channel) => ({
      method: 'DELETE' as const,
      path: `/profile/${channel}-change`,
      fixed: { channel },
      summary: `Cancel the ${channel} change waiting for a code`,
    })),
    input: contactChannelSchema,
    output: profileViewSchema,
    handler: async ({ ctx, input }) => {
      await cancelContactChange(ctx.deps.db, ctx.session, input.channel);
      return getProfile(ctx.deps.db, ctx.session);
    },
  }),
};
