import { changePasswordSchema, profilePatchSchema, userViewSchema } from '@garage/shared';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { readRefreshToken } from '../auth/cookies.ts';
import { changePassword, getProfile, updateProfile } from './profile.service.ts';

export const profileRouter = router({
  get: protectedProcedure.output(userViewSchema).query(({ ctx }) => getProfile(ctx.deps.db, ctx.session)),
  update: protectedProcedure
    .input(profilePatchSchema)
    .output(userViewSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps.db, ctx.session, input)),
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => changePassword(ctx.deps.db, ctx.session, input, readRefreshToken(ctx.req, undefined))),
});
