// Labour rates (staff read: the task line editor needs them; admin write). Services in labour-rates.service.ts.
import {
  labourRateInputSchema,
  labourRateViewSchema,
  listLabourRatesSchema,
  setArchivedSchema,
  updateLabourRateSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { createLabourRate, deleteLabourRate, listLabourRates, setLabourRateArchived, updateLabourRate } from './labour-rates.service.ts';

export const labourRatesOperations = {
  list: query({
    access: 'staff',
    rest: { method: 'GET', path: '/labour-rates', summary: 'Labour rates, the default first' },
    input: listLabourRatesSchema,
    output: z.array(labourRateViewSchema),
    handler: ({ ctx, input }) => listLabourRates(ctx.deps.db, input.includeArchived),
  }),
  create: mutation({
    access: 'admin',
    rest: {
      method: 'POST',
      path: '/labour-rates',
      status: 201,
      summary: 'Add a labour rate (the first one, or isDefault: true, becomes the default)',
    },
    input: labourRateInputSchema,
    output: labourRateViewSchema,
    handler: ({ ctx, input }) => createLabourRate(ctx.deps.db, input),
  }),
  update: mutation({
    access: 'admin',
    rest: {
      method: 'PATCH',
      path: '/labour-rates/:id',
      summary: 'Change a labour rate: only the fields sent change; isDefault: true makes it the only default',
    },
    input: updateLabourRateSchema,
    output: labourRateViewSchema,
    handler: ({ ctx, input: { id, ...data } }) => updateLabourRate(ctx.deps.db, id, data),
  }),
  setArchived: mutation({
    access: 'admin',
    rest: {
      method: 'PATCH',
      path: '/labour-rates/:id/archived',
      summary: 'Archive a labour rate (409 for the default while other rates are in use) or restore it',
    },
    input: setArchivedSchema,
    output: labourRateViewSchema,
    handler: ({ ctx, input }) => setLabourRateArchived(ctx.deps.db, input.id, input.archived),
  }),
  delete: mutation({
    access: 'admin',
    rest: {
      method: 'DELETE',
      path: '/labour-rates/:id',
      summary: 'Delete a labour rate (lines keep their price); the default passes to another rate',
    },
    input: z.object({ id: z.uuid() }),
    output: z.object({ id: z.string() }),
    handler: ({ ctx, input }) => deleteLabourRate(ctx.deps.db, input.id),
  }),
};
