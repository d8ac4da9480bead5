import { createTaskSchema, setTaskStatusSchema, taskDetailSchema, taskIdSchema, taskViewSchema, updateTaskSchema } from '@garage/shared';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc/init.ts';
import { createTask, deleteTask, getTask, setTaskStatus, updateTask } from './tasks.service.ts';

export const tasksRouter = router({
  get: staffProcedure.input(taskIdSchema).output(taskDetailSchema).query(({ ctx, input }) => getTask(ctx.deps.db, input.id)),
  create: staffProcedure
    .input(createTaskSchema)
    .output(taskViewSchema)
    .mutation(({ ctx, input }) => createTask(ctx.deps.db, input.visitId, input.data, input.proposed ? { proposedById: ctx.session.userId } : undefined)),
  update: staffProcedure
    .input(updateTaskSchema)
    .output(taskViewSchema)
    .mutation(({ ctx, input }) => updateTask(ctx.deps.db, input.id, input.updatedAt, input.data)),
  setStatus: staffProcedure
    .input(setTaskStatusSchema)
    .output(taskViewSchema)
    .mutation(({ ctx, input }) => setTaskStatus(ctx.deps.db, input.id, input.status)),
  delete: staffProcedure
    .input(taskIdSchema)
    .output(z.object({ id: z.string(), visitId: z.string() }))
    .mutation(({ ctx, input }) => deleteTask(ctx.deps.db, input.id)),
});
