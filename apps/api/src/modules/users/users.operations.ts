// Users: the staff screens' accounts, each operation defined once. Which roles an employee may touch is
// checked in the service (users.access.ts).
import {
  createUserSchema,
  deleteResultSchema,
  listUsersSchema,
  paginationSchema,
  setUserActiveSchema,
  updateUserSchema,
  userIdSchema,
  userPageSchema,
  userViewSchema,
  visitSummaryPageSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { deleteUser } from './users.delete.ts';
import { listUsers } from './users.list.ts';
import { createUser, getUser, setUserActive, updateUser } from './users.service.ts';
import { listCustomerVisits } from './visit-history.service.ts';

export const usersOperations = {
  list: query({
    access: 'staff',
    rest: { method: 'GET', path: '/users', summary: 'List users: pagination, text search, role/active/verified filters, sort' },
    input: listUsersSchema,
    output: userPageSchema,
    handler: ({ ctx, input }) => listUsers(ctx.deps.db, input),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/users/:id', summary: 'A user' },
    input: userIdSchema,
    output: userViewSchema,
    handler: ({ ctx, input }) => getUser(ctx.deps.db, input.id),
  }),
  create: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/users', status: 201, summary: 'Create a user (staff accounts: ADMIN only)' },
    input: createUserSchema,
    output: userViewSchema,
    handler: ({ ctx, input }) => createUser(ctx.deps.db, ctx.session, input),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PUT',
      path: '/users/:id',
      body: 'data',
      summary: 'Update a user: only the fields sent change (staff accounts: ADMIN only)',
    },
    input: updateUserSchema,
    output: userViewSchema,
    handler: ({ ctx, input }) => updateUser(ctx.deps.db, ctx.session, input.id, input.data),
  }),
  setActive: mutation({
    access: 'staff',
    rest: { method: 'PATCH', path: '/users/:id/active', summary: 'Activate or deactivate a user' },
    input: setUserActiveSchema,
    output: userViewSchema,
    handler: ({ ctx, input }) => setUserActive(ctx.deps.db, ctx.session, input.id, input.active),
  }),
  delete: mutation({
    access: 'staff',
    rest: {
      method: 'DELETE',
      path: '/users/:id',
      summary: 'Delete a user; one with history is deactivated and hidden instead (outcome says which)',
    },
    input: userIdSchema,
    output: deleteResultSchema,
    handler: ({ ctx, input }) => deleteUser(ctx.deps.db, ctx.deps.storage, ctx.session, input.id),
  }),
  visits: query({
    access: 'staff',
    rest: { method: 'GET', path: '/users/:id/visits', summary: "A customer's visits, newest first" },
    input: paginationSchema.extend({ id: z.uuid() }),
    output: visitSummaryPageSchema,
    handler: ({ ctx, input }) => listCustomerVisits(ctx.deps.db, { customerId: input.id }, input),
  }),
};
