import { searchQuerySchema, searchResultSchema } from '@garage/shared';
import { router, staffProcedure } from '../../trpc/init.ts';
import { searchEverything } from './search.service.ts';

export const searchRouter = router({
  query: staffProcedure.input(searchQuerySchema).output(searchResultSchema).query(({ ctx, input }) => searchEverything(ctx.deps.db, input.q)),
});
