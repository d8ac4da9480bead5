// The staff to-do list, each operation defined once.
import {
  listTodosSchema,
  setTodoCompletedSchema,
  todoIdSchema,
  todoInputSchema,
  todoListSchema,
  todoViewSchema,
  updateTodoSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { createTodo, deleteTodo, listTodos, setTodoCompleted, updateTodo } from './todos.service.ts';

export const todosOperations = {
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/todos',
      summary: 'The staff to-do list, a page at a time: active (oldest first) or completed (latest first) tab, with both counts',
    },
    input: listTodosSchema,
    output: todoListSchema,
    handler: ({ ctx, input }) => listTodos(ctx.deps.db, input),
  }),
  create: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/todos', status: 201, summary: 'Add a to-do (title and description: letters, digits and spaces)' },
    input: todoInputSchema,
    output: todoViewSchema,
    handler: ({ ctx, input }) => createTodo(ctx.deps.db, ctx.session, input),
  }),
  update: mutation({
    access: 'staff',
    rest: { method: 'PUT', path: '/todos/:id', body: 'data', summary: 'Edit a to-do' },
    input: updateTodoSchema,
    output: todoViewSchema,
    handler: ({ ctx, input }) => updateTodo(ctx.deps.db, input.id, input.data),
  }),
  setCompleted: mutation({
    access: 'staff',
    rest: { method: 'PATCH', path: '/todos/:id/status', summary: 'Complete (sets the completed date) or reopen (clears it) a to-do' },
    input: setTodoCompletedSchema,
    output: todoViewSchema,
    handler: ({ ctx, input }) => setTodoCompleted(ctx.deps.db, input.id, input.completed),
  }),
  delete: mutation({
    access: 'staff',
    rest: { method: 'DELETE', path: '/todos/:id', summary: 'Delete a to-do' },
    input: todoIdSchema,
    output: z.object({ id: z.string() }),
    handler: ({ ctx, input }) => deleteTodo(ctx.deps.db, input.id),
  }),
};
