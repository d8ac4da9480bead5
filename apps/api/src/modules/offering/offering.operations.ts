// The service catalogue: the public read, and the staff reads and changes, each defined once (services in
// offering.service.ts and offering-admin.service.ts). Categories and items are sub-namespaces of offering.
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
import { mutation, query } from '../../operations/operation.ts';
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

const categoriesOperations = {
  list: query({
    access: 'staff',
    rest: { method: 'GET', path: '/offering/categories', summary: 'Every category with every item, hidden ones included (staff)' },
    input: z.void(),
    output: offeringCategoryListSchema,
    handler: ({ ctx }) => listCategories(ctx.deps.db),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/offering/categories/:id', summary: 'One category with its items (staff)' },
    input: offeringIdSchema,
    output: offeringCategoryViewSchema,
    handler: ({ ctx, input }) => getCategory(ctx.deps.db, input.id),
  }),
  create: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/offering/categories',
      status: 201,
      summary: 'Add a category (title in at least one language); it goes last unless sortOrder is given',
    },
    input: categoryInputSchema,
    output: offeringCategoryViewSchema,
    handler: ({ ctx, input }) => createCategory(ctx.deps.db, input),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PATCH',
      path: '/offering/categories/:id',
      summary: 'Change a category: only the fields sent change; an empty text removes that language',
      body: 'data',
    },
    input: updateCategorySchema,
    output: offeringCategoryViewSchema,
    handler: ({ ctx, input }) => updateCategory(ctx.deps.db, ctx.deps.storage, input.id, input.data),
  }),
  reorder: mutation({
    access: 'staff',
    rest: {
      method: 'PUT',
      path: '/offering/categories/order',
      summary: 'Put categories in a new order: the ids take the places they held, in the order sent',
    },
    input: reorderCategoriesSchema,
    output: offeringCategoryListSchema,
    handler: ({ ctx, input }) => reorderCategories(ctx.deps.db, input.ids),
  }),
  delete: mutation({
    access: 'staff',
    rest: {
      method: 'DELETE',
      path: '/offering/categories/:id',
      summary: 'Delete a category. With items: refused (409) unless items=move (with moveToCategoryId) or items=delete',
    },
    input: deleteCategorySchema,
    output: deleteCategoryResultSchema,
    handler: ({ ctx, input }) => deleteCategory(ctx.deps.db, ctx.deps.storage, input),
  }),
};

const itemsOperations = {
  create: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/offering/items', status: 201, summary: 'Add an item to a category; the category price range follows' },
    input: itemInputSchema,
    output: offeringItemViewSchema,
    handler: ({ ctx, input }) => createItem(ctx.deps.db, input),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PATCH',
      path: '/offering/items/:id',
      summary: 'Change an item (only the fields sent change; categoryId moves it); price ranges follow',
      body: 'data',
    },
    input: updateItemSchema,
    output: offeringItemViewSchema,
    handler: ({ ctx, input }) => updateItem(ctx.deps.db, ctx.deps.storage, input.id, input.data),
  }),
  reorder: mutation({
    access: 'staff',
    rest: {
      method: 'PUT',
      path: '/offering/categories/:id/items/order',
      summary: 'Put items of a category in a new order: the ids take the places they held, in the order sent',
    },
    // `id` is the category's, as in the REST path.
    input: reorderItemsSchema,
    output: offeringCategoryViewSchema,
    handler: ({ ctx, input }) => reorderItems(ctx.deps.db, input.id, input.ids),
  }),
  delete: mutation({
    access: 'staff',
    rest: { method: 'DELETE', path: '/offering/items/:id', summary: 'Delete an item; the category price range follows' },
    input: offeringIdSchema,
    output: z.object({ id: z.string() }),
    handler: ({ ctx, input }) => deleteItem(ctx.deps.db, ctx.deps.storage, input.id),
  }),
};

export const offeringOperations = {
  catalogue: query({
    access: 'anonymous',
    rest: {
      method: 'GET',
      path: '/offering/catalogue',
      summary: 'Visible service categories with their visible items, featured first (public)',
    },
    input: z.void(),
    output: publicCatalogueSchema,
    handler: async ({ ctx }) => {
      // Revalidated on every load: a change made by staff shows at the next visit.
      ctx.res?.header('cache-control', 'no-cache');
      return listPublicCatalogue(ctx.deps.db);
    },
  }),
  categories: categoriesOperations,
  items: itemsOperations,
};
