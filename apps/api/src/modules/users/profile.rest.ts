import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, profilePatchSchema, userViewSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { readRefreshToken } from '../auth/cookies.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { changePassword, getProfile, updateProfile } from './profile.service.ts';

const tags = ['profile'];

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/profile',
      { onRequest: guards.signedIn, schema: { tags, summary: 'My account', response: { 200: userViewSchema } } },
      async (request) => getProfile(deps.db, sessionOf(request)),
    );
    app.put(
      '/profile',
      {
        onRequest: guards.signedIn,
        schema: { tags, summary: 'Update my contact details, picture and language: only the fields sent change', body: profilePatchSchema, response: { 200: userViewSchema } },
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
  };
}
