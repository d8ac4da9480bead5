import { publicProcedure, router } from '../../trpc/init.ts';
import { publicCatalogueSchema } from './offering.schemas.ts';
import { listPublicCatalogue } from './offering.service.ts';

export const offeringRouter = router({
  catalogue: publicProcedure.output(publicCatalogueSchema).query(({ ctx }) => listPublicCatalogue(ctx.deps.db)),
});
