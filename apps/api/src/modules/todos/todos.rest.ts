import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listTodosSchema, todoInputSchema, todoListSchema, todoViewSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { createTodo, deleteTodo, listTodos, setTodoCompleted, updateTodo } from './todos.service.ts';

const tags = ['todos'];
const idParams = z.object({ id: z.uuid() });

export function todosRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/todos',
      { onRequest: guards.staff, schema: { tags, summary: 'The staff to-do list, a page at a time: active (oldest first) or completed (latest first) tab, with both counts', querystring: listTodosSchema, response: { 200: todoListSchema } } },
      async (request) => listTodos(deps.db, request.query),
    );
    app.post(
      '/todos',
      { onRequest: guards.staff, schema: { tags, summary: 'Add a to-do (title and description: letters, digits and spaces)', body: todoInputSchema, response: { 201: todoViewSchema } } },
      async (request, reply) => reply.status(201).send(await createTodo(deps.db, sessionOf(request), request.body)),
    );
    app.put(
      '/todos/:id',
      { onRequest: guards.staff, schema: { tags, summary: 'Edit a to-do', params: idParams, body: todoInputSchema, response: { 200: todoViewSchema } } },
      async (request) => updateTodo(deps.db, request.params.id, request.body),
    );
    app.patch(
      '/todos/:id/status',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Complete (sets the completed date) or reopen (clears it) a to-do', params: idParams, body: z.object({ completed: z.boolean() }), response: { 200: todoViewSchema } },
      },
      async (request) => setTodoCompleted(deps.db, request.params.id, request.body.completed),
    );
    app.delete(
      '/todos/:id',
      { onRequest: guards.staff, schema: { tags, summary: 'Delete a to-do', params: idParams, response: { 200: z.object({ id: z.string() }) } } },
      async (request) => deleteTodo(deps.db, request.params.id),
    );
  };
}
