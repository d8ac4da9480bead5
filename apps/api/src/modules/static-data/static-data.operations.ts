// Static data: the lists behind the forms' choices (vehicle types, colours, brands, oils), each operation
// defined once.
import {
  listStaticDataSchema,
  staticDataIdSchema,
  staticDataInputSchema,
  staticDataViewSchema,
  updateStaticDataSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { createStaticData, deleteStaticData, listStaticData, updateStaticData } from './static-data.service.ts';

const tag = 'static-data';

export const staticDataOperations = {
  // Any signed-in account reads the lists: the client portal shows a vehicle's colour and engine type with
  // their labels in the client's language.
  list: query({
    access: 'signedIn',
    rest: { method: 'GET', path: '/static-data', tag, summary: 'Static data entries, optionally of one type' },
    input: listStaticDataSchema,
    output: z.array(staticDataViewSchema),
    handler: ({ ctx, input }) => listStaticData(ctx.deps.db, input.type),
  }),
  create: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/static-data', status: 201, tag, summary: 'Add a static data entry' },
    input: staticDataInputSchema,
    output: staticDataViewSchema,
    handler: ({ ctx, input }) => createStaticData(ctx.deps.db, input),
  }),
  update: mutation({
    access: 'staff',
    rest: { method: 'PUT', path: '/static-data/:id', body: 'data', tag, summary: 'Rename or retype a static data entry' },
    input: updateStaticDataSchema,
    output: staticDataViewSchema,
    handler: ({ ctx, input }) => updateStaticData(ctx.deps.db, input.id, input.data),
  }),
  delete: mutation({
    access: 'staff',
    rest: { method: 'DELETE', path: '/static-data/:id', tag, summary: 'Remove a static data entry' },
    input: staticDataIdSchema,
    output: z.object({ id: z.string() }),
    handler: ({ ctx, input }) => deleteStaticData(ctx.deps.db, input.id),
  }),
};
