// tRPC for the service catalogue: the public read, and the staff reads and changes (thin adapters over
// offering.service.ts and offering-admin.service.ts; REST in offering.rest.ts).
import {
  categoryInputSchema,
  deleteCategoryResultSchema,
  deleteCategorySchema,
  itemInputSchema,
  offeringCategoryListSchema,
  offeringCategoryViewSchema,
  offeringIdSchema,
  offeringItemViewSchema,
  publicCatalogueSchema,
  reorderCategoriesSchema,
  reorderItemsSchema,
  updateCategorySchema,
  updateItemSchema,
} from '@garage/shared';
import { z } from 'zod';
import { publicProcedure, router, staffProcedure } from '../../trpc/init.ts';
import {
  createCategory,
  createItem,
  deleteCategory,
  deleteItem,
  reorderCategories,
  reorderItems,
  updateCategory,
  updateItem,
} from './offering-admin.service.ts';
import { getCategory, listCategories, listPublicCatalogue } from './offering.service.ts';

const categoriesRouter = router({
  list: staffProcedure.output(offeringCategoryListSchema).query(({ ctx }) => listCategories(ctx.deps.db)),
  get: staffProcedure.input(offeringIdSchema).output(offeringCategoryViewSchema).query(({ ctx, input }) => getCategory(ctx.deps.db, input.id)),
  create: staffProcedure.input(categoryInputSchema).output(offeringCategoryViewSchema).mutation(({ ctx, input }) => createCategory(ctx.deps.db, input)),
  update: staffProcedure
    .input(updateCategorySchema)
    .output(offeringCategoryViewSchema)
    .mutation(({ ctx, input }) => updateCategory(ctx.deps.db, ctx.deps.storage, input.id, input.data)),
  reorder: staffProcedure.input(reorderCategoriesSchema).output(offeringCategoryListSchema).mutation(({ ctx, input }) => reorderCategories(ctx.deps.db, input.ids)),
  delete: staffProcedure.input(deleteCategorySchema).output(deleteCategoryResultSchema).mutation(({ ctx, input }) => deleteCategory(ctx.deps.db, ctx.deps.storage, input)),
});

const itemsRouter = router({
  create: staffProcedure.input(itemInputSchema).output(offeringItemViewSchema).mutation(({ ctx, input }) => createItem(ctx.deps.db, input)),
  update: staffProcedure
    .input(updateItemSchema)
    .output(offeringItemViewSchema)
    .mutation(({ ctx, input }) => updateItem(ctx.deps.db, ctx.deps.storage, input.id, input.data)),
  reorder: staffProcedure
    .input(reorderItemsSchema)
    .output(offeringCategoryViewSchema)
    .mutation(({ ctx, input }) => reorderItems(ctx.deps.db, input.categoryId, input.ids)),
  delete: staffProcedure.input(offeringIdSchema).output(z.object({ id: z.string() })).mutation(({ ctx, input }) => deleteItem(ctx.deps.db, ctx.deps.storage, input.id)),
});

export const offeringRouter = router({
  catalogue: publicProcedure.output(publicCatalogueSchema).query(({ ctx }) => listPublicCatalogue(ctx.deps.db)),
  categories: categoriesRouter,
  items: itemsRouter,
});
