// REST for the service catalogue: the public read, and the staff reads and changes (same services as the
// tRPC router). Guards run onRequest, so a caller without the role gets 401/403 before any body check.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATEGORY_DELETE_MODES,
  categoryInputSchema,
  categoryPatchSchema,
  deleteCategoryResultSchema,
  itemInputSchema,
  itemPatchSchema,
  offeringCategoryListSchema,
  offeringCategoryViewSchema,
  offeringItemViewSchema,
  publicCatalogueSchema,
  reorderCategoriesSchema,
  reorderItemsSchema,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards } from '../auth/guards.ts';
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

const tags = ['offering'];
const idParams = z.object({ id: z.uuid() });

export function offeringRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  const staff = { onRequest: guards.staff };
  return async (app) => {
    app.get(
      '/offering/catalogue',
      { schema: { tags, summary: 'Visible service categories with their visible items, featured first (public)', response: { 200: publicCatalogueSchema } } },
      // Revalidated on every load: a change made by staff shows at the next visit.
      async (_request, reply) => reply.header('cache-control', 'no-cache').send(await listPublicCatalogue(deps.db)),
    );

    app.get(
      '/offering/categories',
      { ...staff, schema: { tags, summary: 'Every category with every item, hidden ones included (staff)', response: { 200: offeringCategoryListSchema } } },
      async () => listCategories(deps.db),
    );
    app.get(
      '/offering/categories/:id',
      { ...staff, schema: { tags, summary: 'One category with its items (staff)', params: idParams, response: { 200: offeringCategoryViewSchema } } },
      async (request) => getCategory(deps.db, request.params.id),
    );
    app.post(
      '/offering/categories',
      { ...staff, schema: { tags, summary: 'Add a category (title in at least one language); it goes last unless sortOrder is given', body: categoryInputSchema, response: { 201: offeringCategoryViewSchema } } },
      async (request, reply) => reply.status(201).send(await createCategory(deps.db, request.body)),
    );
    app.patch(
      '/offering/categories/:id',
      {
        ...staff,
        schema: { tags, summary: 'Change a category: only the fields sent change; an empty text removes that language', params: idParams, body: categoryPatchSchema, response: { 200: offeringCategoryViewSchema } },
      },
      async (request) => updateCategory(deps.db, deps.storage, request.params.id, request.body),
    );
    app.put(
      '/offering/categories/order',
      { ...staff, schema: { tags, summary: 'Put categories in a new order: the ids take the places they held, in the order sent', body: reorderCategoriesSchema, response: { 200: offeringCategoryListSchema } } },
      async (request) => reorderCategories(deps.db, request.body.ids),
    );
    app.delete(
      '/offering/categories/:id',
      {
        ...staff,
        schema: {
          tags,
          summary: 'Delete a category. With items: refused (409) unless items=move (with moveToCategoryId) or items=delete',
          params: idParams,
          querystring: z.object({ items: z.enum(CATEGORY_DELETE_MODES).default('refuse'), moveToCategoryId: z.uuid().optional() }),
          response: { 200: deleteCategoryResultSchema },
        },
      },
      async (request) => deleteCategory(deps.db, deps.storage, { id: request.params.id, ...request.query }),
    );
    app.put(
      '/offering/categories/:id/items/order',
      {
        ...staff,
        schema: { tags, summary: 'Put items of a category in a new order: the ids take the places they held, in the order sent', params: idParams, body: reorderItemsSchema.pick({ ids: true }), response: { 200: offeringCategoryViewSchema } },
      },
      async (request) => reorderItems(deps.db, request.params.id, request.body.ids),
    );

    app.post(
      '/offering/items',
      { ...staff, schema: { tags, summary: 'Add an item to a category; the category price range follows', body: itemInputSchema, response: { 201: offeringItemViewSchema } } },
      async (request, reply) => reply.status(201).send(await createItem(deps.db, request.body)),
    );
    app.patch(
      '/offering/items/:id',
      {
        ...staff,
        schema: { tags, summary: 'Change an item (only the fields sent change; categoryId moves it); price ranges follow', params: idParams, body: itemPatchSchema, response: { 200: offeringItemViewSchema } },
      },
      async (request) => updateItem(deps.db, deps.storage, request.params.id, request.body),
    );
    app.delete(
      '/offering/items/:id',
      { ...staff, schema: { tags, summary: 'Delete an item; the category price range follows', params: idParams, response: { 200: z.object({ id: z.string() }) } } },
      async (request) => deleteItem(deps.db, deps.storage, request.params.id),
    );
  };
}
