import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADDRESS_CHANNELS,
  changePasswordSchema,
  confirmContactChangeSchema,
  emailChangeSchema,
  phoneChangeSchema,
  profilePatchSchema,
  profileViewSchema,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { readRefreshToken } from '../auth/cookies.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import {
  cancelContactChange,
  confirmContactChange,
  contactChangeContext,
  requestEmailChange,
  requestPhoneChange,
} from './contact-change.service.ts';
import { changePassword, getProfile, updateProfile } from './profile.service.ts';

const tags = ['profile'];
const otpBody = confirmContactChangeSchema.pick({ otp: true });

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/profile',
      { onRequest: guards.signedIn, schema: { tags, summary: 'My account, with the email/phone changes waiting for a code', response: { 200: profileViewSchema } } },
      async (request) => getProfile(deps.db, sessionOf(request)),
    );
    app.put(
      '/profile',
      {
        onRequest: guards.signedIn,
        schema: {
          tags,
          summary: 'Update my name, age, picture and language: only the fields sent change (email and phone: see email-change, phone-change)',
          body: profilePatchSchema,
          response: { 200: profileViewSchema },
        },
      },
      async (request) => updateProfile(deps.db, sessionOf(request), request.body),
    );
    app.post(
      '/profile/password',
      {
        onRequest: guards.signedIn,
        schema: { tags, summary: 'Change my password (needs the current one)', body: changePasswordSchema, response: { 200: z.object({ message: z.string() }) } },
      },
      async (request) => changePassword(deps.db, sessionOf(request), request.body, readRefreshToken(request, undefined)),
    );

    // Email and phone: a code goes to the new address; the account keeps the current one until it comes back.
    app.post(
      '/profile/email-change',
      {
        onRequest: guards.signedIn,
        schema: { tags, summary: 'Send a code to a new email address (asking again sends a new code)', body: emailChangeSchema, response: { 200: profileViewSchema } },
      },
      async (request) => {
        await requestEmailChange(contactChangeContext(deps, request), sessionOf(request), request.body);
        return getProfile(deps.db, sessionOf(request));
      },
    );
    app.post(
      '/profile/phone-change',
      {
        onRequest: guards.signedIn,
        schema: { tags, summary: 'Send a code to a new phone number (asking again sends a new code)', body: phoneChangeSchema, response: { 200: profileViewSchema } },
      },
      async (request) => {
        await requestPhoneChange(contactChangeContext(deps, request), sessionOf(request), request.body);
        return getProfile(deps.db, sessionOf(request));
      },
    );
    for (const channel of ADDRESS_CHANNELS) {
      app.post(
        `/profile/${channel}-change/verify`,
        {
          onRequest: guards.signedIn,
          schema: { tags, summary: `Apply the new ${channel} with the code it received`, body: otpBody, response: { 200: profileViewSchema } },
        },
        async (request) => {
          await confirmContactChange(contactChangeContext(deps, request), sessionOf(request), { channel, otp: request.body.otp });
          return getProfile(deps.db, sessionOf(request));
        },
      );
      app.delete(
        `/profile/${channel}-change`,
        { onRequest: guards.signedIn, schema: { tags, summary: `Cancel the ${channel} change waiting for a code`, response: { 200: profileViewSchema } } },
        async (request) => {
          await cancelContactChange(deps.db, sessionOf(request), channel);
          return getProfile(deps.db, sessionOf(request));
        },
      );
    }
  };
}
