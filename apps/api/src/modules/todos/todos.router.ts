import { listTodosSchema, setTodoCompletedSchema, todoIdSchema, todoInputSchema, todoListSchema, todoViewSchema, updateTodoSchema } from '@garage/shared';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc/init.ts';
import { createTodo, deleteTodo, listTodos, setTodoCompleted, updateTodo } from './todos.service.ts';

export const todosRouter = router({
  list: staffProcedure.input(listTodosSchema).output(todoListSchema).query(({ ctx, input }) => listTodos(ctx.deps.db, input)),
  create: staffProcedure.input(todoInputSchema).output(todoViewSchema).mutation(({ ctx, input }) => createTodo(ctx.deps.db, ctx.session, input)),
  update: staffProcedure.input(updateTodoSchema).output(todoViewSchema).mutation(({ ctx, input }) => updateTodo(ctx.deps.db, input.id, input.data)),
  setCompleted: staffProcedure
    .input(setTodoCompletedSchema)
    .output(todoViewSchema)
    .mutation(({ ctx, input }) => setTodoCompleted(ctx.deps.db, input.id, input.completed)),
  delete: staffProcedure.input(todoIdSchema).output(z.object({ id: z.string() })).mutation(({ ctx, input }) => deleteTodo(ctx.deps.db, input.id)),
});
