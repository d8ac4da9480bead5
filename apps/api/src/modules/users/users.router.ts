import {
  createUserSchema,
  paginationSchema,
  deleteResultSchema,
  listUsersSchema,
  setUserActiveSchema,
  updateUserSchema,
  userIdSchema,
  userPageSchema,
  userViewSchema,
  visitSummaryPageSchema,
} from '@garage/shared';
import { z } from 'zod';
import { staffProcedure, router } from '../../trpc/init.ts';
import { deleteUser } from './users.delete.ts';
import { listCustomerVisits } from './visit-history.service.ts';
import { listUsers } from './users.list.ts';
import { createUser, getUser, setUserActive, updateUser } from './users.service.ts';

export const usersRouter = router({
  list: staffProcedure.input(listUsersSchema).output(userPageSchema).query(({ ctx, input }) => listUsers(ctx.deps.db, input)),
  get: staffProcedure.input(userIdSchema).output(userViewSchema).query(({ ctx, input }) => getUser(ctx.deps.db, input.id)),
  create: staffProcedure
    .input(createUserSchema)
    .output(userViewSchema)
    .mutation(({ ctx, input }) => createUser(ctx.deps.db, ctx.session, input)),
  update: staffProcedure
    .input(updateUserSchema)
    .output(userViewSchema)
    .mutation(({ ctx, input }) => updateUser(ctx.deps.db, ctx.session, input.id, input.data)),
  setActive: staffProcedure
    .input(setUserActiveSchema)
    .output(userViewSchema)
    .mutation(({ ctx, input }) => setUserActive(ctx.deps.db, ctx.session, input.id, input.active)),
  delete: staffProcedure
    .input(userIdSchema)
    .output(deleteResultSchema)
    .mutation(({ ctx, input }) => deleteUser(ctx.deps.db, ctx.deps.storage, ctx.session, input.id)),
  visits: staffProcedure
    .input(paginationSchema.extend({ id: z.uuid() }))
    .output(visitSummaryPageSchema)
    .query(({ ctx, input }) => listCustomerVisits(ctx.deps.db, { customerId: input.id }, input)),
});
