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
import { protectedProcedure, router } from '../../trpc/init.ts';
import { readRefreshToken } from '../auth/cookies.ts';
import {
  cancelContactChange,
  confirmContactChange,
  contactChangeContext,
  requestEmailChange,
  requestPhoneChange,
} from './contact-change.service.ts';
import { changePassword, getProfile, updateProfile } from './profile.service.ts';

export const profileRouter = router({
  get: protectedProcedure.output(profileViewSchema).query(({ ctx }) => getProfile(ctx.deps.db, ctx.session)),
  update: protectedProcedure
    .input(profilePatchSchema)
    .output(profileViewSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps.db, ctx.session, input)),
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => changePassword(ctx.deps.db, ctx.session, input, readRefreshToken(ctx.req, undefined))),
  // Email and phone: a code to the new address, then the code back (contact-change.service.ts).
  requestEmailChange: protectedProcedure
    .input(emailChangeSchema)
    .output(profileViewSchema)
    .mutation(async ({ ctx, input }) => {
      await requestEmailChange(contactChangeContext(ctx.deps, ctx.req), ctx.session, input);
      return getProfile(ctx.deps.db, ctx.session);
    }),
  requestPhoneChange: protectedProcedure
    .input(phoneChangeSchema)
    .output(profileViewSchema)
    .mutation(async ({ ctx, input }) => {
      await requestPhoneChange(contactChangeContext(ctx.deps, ctx.req), ctx.session, input);
      return getProfile(ctx.deps.db, ctx.session);
    }),
  confirmContactChange: protectedProcedure
    .input(confirmContactChangeSchema)
    .output(profileViewSchema)
    .mutation(async ({ ctx, input }) => {
      await confirmContactChange(contactChangeContext(ctx.deps, ctx.req), ctx.session, input);
      return getProfile(ctx.deps.db, ctx.session);
    }),
  cancelContactChange: protectedProcedure
    .input(contactChannelSchema)
    .output(profileViewSchema)
    .mutation(async ({ ctx, input }) => {
      await cancelContactChange(ctx.deps.db, ctx.session, input.channel);
      return getProfile(ctx.deps.db, ctx.session);
    }),
});
