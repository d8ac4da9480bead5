// REST for users. Guards run onRequest, before body validation, so a caller without the right role gets
// 401/403 and never a report on the body they sent.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserSchema,
  deleteResultSchema,
  listUsersSchema,
  paginationSchema,
  userPatchSchema,
  userPageSchema,
  userViewSchema,
  visitSummaryPageSchema,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { deleteUser } from './users.delete.ts';
import { listUsers } from './users.list.ts';
import { createUser, getUser, setUserActive, updateUser } from './users.service.ts';
import { listCustomerVisits } from './visit-history.service.ts';

const idParams = z.object({ id: z.uuid() });
const tags = ['users'];

export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/users',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'List users: pagination, text search, role/active/verified filters, sort', querystring: listUsersSchema, response: { 200: userPageSchema } },
      },
      async (request) => listUsers(deps.db, request.query),
    );
    app.post(
      '/users',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Create a user (staff accounts: ADMIN only)', body: createUserSchema, response: { 201: userViewSchema } },
      },
      async (request, reply) => reply.status(201).send(await createUser(deps.db, sessionOf(request), request.body)),
    );
    app.get(
      '/users/:id',
      { onRequest: guards.staff, schema: { tags, summary: 'A user', params: idParams, response: { 200: userViewSchema } } },
      async (request) => getUser(deps.db, request.params.id),
    );
    app.put(
      '/users/:id',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Update a user: only the fields sent change (staff accounts: ADMIN only)', params: idParams, body: userPatchSchema, response: { 200: userViewSchema } },
      },
      async (request) => updateUser(deps.db, sessionOf(request), request.params.id, request.body),
    );
    app.patch(
      '/users/:id/active',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Activate or deactivate a user', params: idParams, body: z.object({ active: z.boolean() }), response: { 200: userViewSchema } },
      },
      async (request) => setUserActive(deps.db, sessionOf(request), request.params.id, request.body.active),
    );
    app.delete(
      '/users/:id',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Delete a user; one with history is deactivated and hidden instead (outcome says which)',
          params: idParams,
          response: { 200: deleteResultSchema },
        },
      },
      async (request) => deleteUser(deps.db, deps.storage, sessionOf(request), request.params.id),
    );
    app.get(
      '/users/:id/visits',
      {
        onRequest: guards.staff,
        schema: { tags, summary: "A customer's visits, newest first", params: idParams, querystring: paginationSchema, response: { 200: visitSummaryPageSchema } },
      },
      async (request) => listCustomerVisits(deps.db, { customerId: request.params.id }, request.query),
    );
  };
}
