// Parts catalogue, stock movements and stock corrections (staff; costs to admins). Services in
// parts.service.ts (catalogue), parts-stock.service.ts (stock) and markup.service.ts (markup bands).
import {
  adjustStockSchema,
  countStockSchema,
  listMovementsSchema,
  listPartsSchema,
  markupBandSchema,
  markupBandsSchema,
  partByBarcodeSchema,
  partIdSchema,
  partInputSchema,
  partPageSchema,
  partViewSchema,
  receiveStockSchema,
  setArchivedSchema,
  stockMovementPageSchema,
  updatePartSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import type { Session } from '../../session/session.ts';
import { listMarkupBands, replaceMarkupBands } from './markup.service.ts';
import { adjustStock, countStock, listMovements, receiveStock } from './parts-stock.service.ts';
import {
  createPart,
  deletePart,
  getPart,
  getPartByBarcode,
  listPartCategories,
  listParts,
  setPartArchived,
  updatePart,
} from './parts.service.ts';

/** Costs and margins are for admins only: everyone else gets null costs. */
export const seesCosts = (session: Session) => session.roles.includes('ADMIN');

const markupBandListSchema = z.object({ bands: z.array(markupBandSchema) });

const stockOperations = {
  movements: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/parts/stock/movements',
      summary: 'Stock movements, newest first (filters: part, kind, from/to days); costs for admins',
    },
    input: listMovementsSchema,
    output: stockMovementPageSchema,
    handler: ({ ctx, input }) => listMovements(ctx.deps.db, input, seesCosts(ctx.session)),
  }),
  receive: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/parts/stock/receipts',
      summary: 'Receive parts without a purchase order (unit cost from admins; others receive at the average cost); backorders are served',
    },
    input: receiveStockSchema,
    output: partViewSchema,
    handler: async ({ ctx, input }) => {
      const actor = { userId: ctx.session.userId, seesCosts: seesCosts(ctx.session) };
      await receiveStock(ctx.deps.db, actor, input);
      return getPart(ctx.deps.db, input.partId, actor.seesCosts);
    },
  }),
  adjust: mutation({
    access: 'admin',
    rest: { method: 'POST', path: '/parts/stock/adjustments', summary: 'Correct a part’s stock by hand: a signed quantity with a reason' },
    input: adjustStockSchema,
    output: partViewSchema,
    handler: async ({ ctx, input }) => {
      await adjustStock(ctx.deps.db, { userId: ctx.session.userId, seesCosts: true }, input);
      return getPart(ctx.deps.db, input.partId, true);
    },
  }),
  count: mutation({
    access: 'admin',
    rest: {
      method: 'POST',
      path: '/parts/stock/counts',
      summary:
        'A stocktake: the counted quantity of each part becomes its stock on hand (a COUNTED movement of the difference), all or nothing',
    },
    input: countStockSchema,
    output: z.object({ changed: z.number() }),
    handler: ({ ctx, input }) => countStock(ctx.deps.db, { userId: ctx.session.userId, seesCosts: true }, input),
  }),
};

const markupBandsOperations = {
  list: query({
    access: 'staff',
    rest: { method: 'GET', path: '/parts/markup-bands', summary: 'Markup bands (cost up to X: add Y %), the open-ended band last' },
    input: z.void(),
    output: markupBandListSchema,
    handler: async ({ ctx }) => ({ bands: await listMarkupBands(ctx.deps.db) }),
  }),
  replace: mutation({
    access: 'admin',
    rest: {
      method: 'PUT',
      path: '/parts/markup-bands',
      summary: 'Replace every markup band (distinct upper costs, at most one open-ended band)',
    },
    input: markupBandsSchema,
    output: markupBandListSchema,
    handler: async ({ ctx, input }) => ({ bands: await replaceMarkupBands(ctx.deps.db, input.bands) }),
  }),
};

export const partsOperations = {
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/parts',
      summary: 'Parts: search by part number, name, brand or barcode (the exact part first), filters, sorts, pages; costs for admins',
    },
    input: listPartsSchema,
    output: partPageSchema,
    // The hot read (search while typing): built field by field from SQL that names its columns, documented but
    // not re-validated; parts.test.ts checks its answers against the schema.
    trustedOutput: true,
    handler: ({ ctx, input }) => listParts(ctx.deps.db, input, seesCosts(ctx.session)),
  }),
  categories: query({
    access: 'staff',
    rest: { method: 'GET', path: '/parts/categories', summary: 'The categories of the parts in use (for the filter)' },
    input: z.void(),
    output: z.array(z.string()),
    handler: ({ ctx }) => listPartCategories(ctx.deps.db),
  }),
  byBarcode: query({
    access: 'staff',
    rest: { method: 'GET', path: '/parts/barcode/:barcode', summary: 'The part with this barcode (404 when none)' },
    input: partByBarcodeSchema,
    output: partViewSchema,
    handler: ({ ctx, input }) => getPartByBarcode(ctx.deps.db, input.barcode, seesCosts(ctx.session)),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/parts/:id', summary: 'A part with its stock figures; cost for admins' },
    input: partIdSchema,
    output: partViewSchema,
    handler: ({ ctx, input }) => getPart(ctx.deps.db, input.id, seesCosts(ctx.session)),
  }),
  create: mutation({
    access: 'admin',
    rest: {
      method: 'POST',
      path: '/parts',
      status: 201,
      summary: 'Add a part (unique part number and barcode; quantities in the unit’s decimals); stock comes from movements',
    },
    input: partInputSchema,
    output: partViewSchema,
    handler: ({ ctx, input }) => createPart(ctx.deps.db, input),
  }),
  update: mutation({
    access: 'admin',
    rest: {
      method: 'PATCH',
      path: '/parts/:id',
      summary: 'Change a part: only the fields sent change; the unit of a part with history cannot change (409)',
    },
    input: updatePartSchema,
    output: partViewSchema,
    handler: ({ ctx, input: { id, ...data } }) => updatePart(ctx.deps.db, id, data),
  }),
  setArchived: mutation({
    access: 'admin',
    rest: {
      method: 'PATCH',
      path: '/parts/:id/archived',
      summary: 'Archive a part (hidden from search and pickers, history kept) or restore it',
    },
    input: setArchivedSchema,
    output: partViewSchema,
    handler: ({ ctx, input }) => setPartArchived(ctx.deps.db, input.id, input.archived),
  }),
  delete: mutation({
    access: 'admin',
    rest: {
      method: 'DELETE',
      path: '/parts/:id',
      summary: 'Delete a part nothing names yet (409 when it has movements, lines or orders: archive it)',
    },
    input: partIdSchema,
    output: z.object({ id: z.string() }),
    handler: ({ ctx, input }) => deletePart(ctx.deps.db, input.id),
  }),
  stock: stockOperations,
  markupBands: markupBandsOperations,
};
