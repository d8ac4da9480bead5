// The staff search box: one operation over customers, vehicles and visits.
import { searchQuerySchema, searchResultSchema } from '@garage/shared';
import { query } from '../../operations/operation.ts';
import { searchEverything } from './search.service.ts';

export const searchOperations = {
  query: query({
    access: 'staff',
    rest: { method: 'GET', path: '/search', summary: 'Staff search over customers, vehicles and visits (grouped, at most 8 per group)' },
    input: searchQuerySchema,
    output: searchResultSchema,
    handler: ({ ctx, input }) => searchEverything(ctx.deps.db, input.q),
  }),
};
