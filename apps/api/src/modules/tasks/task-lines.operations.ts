// Lines of a task: parts, labour, flat amounts (staff). Each answers the task as it is after the change, with
// its new totals; the visit's total follows in the same transaction (task-lines.service.ts).
import { addTaskLineSchema, reorderTaskLinesSchema, taskLineIdSchema, taskViewSchema, updateTaskLineSchema } from '@garage/shared';
import { mutation } from '../../operations/operation.ts';
import { addTaskLine, deleteTaskLine, reorderTaskLines, updateTaskLine } from './task-lines.service.ts';
import { lineActor } from '../task-lines/task-line-pricing.ts';

const tag = 'task lines';

export const taskLinesOperations = {
  add: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/tasks/:id/lines',
      status: 201,
      body: 'line',
      tag,
      summary:
        'Add a part (catalogue or typed), labour or flat line to a task; a catalogue part is reserved (or backordered) once the work is approved',
    },
    input: addTaskLineSchema,
    output: taskViewSchema,
    handler: ({ ctx, input }) => addTaskLine(ctx.deps.db, input.id, input.line, lineActor(ctx.session)),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PUT',
      path: '/task-lines/:id',
      tag,
      summary: "Change a line's description, quantity, unit price or (admins) unit cost: only the fields sent change",
    },
    input: updateTaskLineSchema,
    output: taskViewSchema,
    handler: ({ ctx, input: { id, ...patch } }) => updateTaskLine(ctx.deps.db, id, patch, lineActor(ctx.session)),
  }),
  delete: mutation({
    access: 'staff',
    rest: { method: 'DELETE', path: '/task-lines/:id', tag, summary: 'Delete a line (a task keeps at least one); its stock is released' },
    input: taskLineIdSchema,
    output: taskViewSchema,
    handler: ({ ctx, input }) => deleteTaskLine(ctx.deps.db, input.id, lineActor(ctx.session)),
  }),
  reorder: mutation({
    access: 'staff',
    rest: { method: 'PUT', path: '/tasks/:id/lines/order', tag, summary: "Put a task's lines in a new order (every line id, once)" },
    input: reorderTaskLinesSchema,
    output: taskViewSchema,
    handler: ({ ctx, input }) => reorderTaskLines(ctx.deps.db, input.id, input.lineIds, lineActor(ctx.session)),
  }),
};
