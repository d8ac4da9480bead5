// Inspection templates (issue #29): the checklists staff start an inspection from. Service in templates.service.ts.
import { createTemplateSchema, listTemplatesSchema, templateSchema, templateSummarySchema, updateTemplateSchema } from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, restoreTemplate, updateTemplate } from './templates.service.ts';

const templateIdSchema = z.object({ id: z.uuid() });

export const inspectionTemplatesOperations = {
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/inspection-templates',
      summary: 'Inspection templates with their item and use counts, in the shop’s order; archived ones only when asked',
    },
    input: listTemplatesSchema,
    output: z.array(templateSummarySchema),
    handler: ({ ctx, input }) => listTemplates(ctx.deps.db, input),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/inspection-templates/:id', summary: 'An inspection template with its items in order' },
    input: templateIdSchema,
    output: templateSchema,
    handler: ({ ctx, input }) => getTemplate(ctx.deps.db, input.id),
  }),
  create: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/inspection-templates',
      status: 201,
      summary: 'Create an inspection template: checks and measurements (unit, limits, amber and red thresholds) in sections',
    },
    input: createTemplateSchema,
    output: templateSchema,
    handler: ({ ctx, input }) => createTemplate(ctx.deps.db, input),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PATCH',
      path: '/inspection-templates/:id',
      summary: 'Change a template (the version read, 409 when changed): fields left out stay; `items` is the whole new list',
      description:
        'Kept items name their id and keep it; new ones are created, those left out deleted; started inspections keep their copy.',
    },
    input: updateTemplateSchema,
    output: templateSchema,
    handler: ({ ctx, input: { id, version, ...patch } }) => updateTemplate(ctx.deps.db, id, version, patch),
  }),
  delete: mutation({
    access: 'staff',
    rest: {
      method: 'DELETE',
      path: '/inspection-templates/:id',
      summary: 'Delete a template: one inspections were started from is archived instead (archived: true), an unused one is erased',
    },
    input: templateIdSchema,
    output: z.object({ id: z.string(), archived: z.boolean() }),
    handler: ({ ctx, input }) => deleteTemplate(ctx.deps.db, input.id),
  }),
  restore: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/inspection-templates/:id/restore', summary: 'Bring an archived template back to the list' },
    input: templateIdSchema,
    output: templateSchema,
    handler: ({ ctx, input }) => restoreTemplate(ctx.deps.db, input.id),
  }),
};
