// Purchase orders: admins draft, edit, send (email with the PDF), cancel and delete them, or have low stock
// draft them; staff (employees too) list, read and receive them. Costs and totals are null for non-admins.
// The PDF is a binary download, REST only (purchase-orders.rest.ts).
import {
  createPurchaseOrderSchema,
  listPurchaseOrdersSchema,
  lowStockDraftsSchema,
  purchaseOrderIdSchema,
  purchaseOrderPageSchema,
  purchaseOrderVersionSchema,
  purchaseOrderViewSchema,
  receivePurchaseOrderSchema,
  sendPurchaseOrderSchema,
  updatePurchaseOrderSchema,
} from '@garage/shared';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { emailSender } from '../../lib/delivery.ts';
import type { DeliveryLog } from '../../lib/mailer.ts';
import { mutation, query } from '../../operations/operation.ts';
import type { Session } from '../../session/session.ts';
import {
  cancelPurchaseOrder,
  createLowStockDrafts,
  createPurchaseOrder,
  deletePurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  receivePurchaseOrder,
  sendPurchaseOrder,
  updatePurchaseOrder,
  type OrderActor,
} from './purchase-orders.service.ts';

const silentLog: DeliveryLog = { warn: () => undefined, error: () => undefined };
const actorOf = (session: Session): OrderActor => ({ userId: session.userId, seesCosts: session.roles.includes('ADMIN') });
const pdfDeps = (deps: AppDeps) => ({ db: deps.db, storage: deps.storage, webDistDir: deps.config.WEB_DIST_DIR });

export const purchaseOrdersOperations = {
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/purchase-orders',
      summary: 'Purchase orders, newest first (filters: status, supplierId); costs for admins only',
    },
    input: listPurchaseOrdersSchema,
    output: purchaseOrderPageSchema,
    handler: ({ ctx, input }) => listPurchaseOrders(ctx.deps.db, input, actorOf(ctx.session)),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/purchase-orders/:id', summary: 'A purchase order with its lines; costs for admins only' },
    input: purchaseOrderIdSchema,
    output: purchaseOrderViewSchema,
    handler: ({ ctx, input }) => getPurchaseOrder(ctx.deps.db, input.id, actorOf(ctx.session)),
  }),
  create: mutation({
    access: 'admin',
    rest: {
      method: 'POST',
      path: '/purchase-orders',
      status: 201,
      summary: "Draft a purchase order (a new PO-<year>-<n> number); a line's unit cost defaults to the part's average cost",
    },
    input: createPurchaseOrderSchema,
    output: purchaseOrderViewSchema,
    handler: ({ ctx, input }) => createPurchaseOrder(ctx.deps.db, input, actorOf(ctx.session)),
  }),
  update: mutation({
    access: 'admin',
    rest: {
      method: 'PUT',
      path: '/purchase-orders/:id',
      summary: 'Edit a draft: only the fields sent change, `lines` replaces them all; send the version you read (409 when it changed)',
    },
    input: updatePurchaseOrderSchema,
    output: purchaseOrderViewSchema,
    handler: ({ ctx, input }) => updatePurchaseOrder(ctx.deps.db, input, actorOf(ctx.session)),
  }),
  delete: mutation({
    access: 'admin',
    rest: { method: 'DELETE', path: '/purchase-orders/:id', summary: 'Delete a draft (a sent order is cancelled instead)' },
    input: purchaseOrderIdSchema,
    output: z.object({ id: z.string() }),
    handler: ({ ctx, input }) => deletePurchaseOrder(ctx.deps.db, input.id),
  }),
  cancel: mutation({
    access: 'admin',
    rest: {
      method: 'POST',
      path: '/purchase-orders/:id/cancel',
      summary: 'Cancel a draft, or a sent order of which nothing was received',
    },
    input: purchaseOrderVersionSchema,
    output: purchaseOrderViewSchema,
    handler: ({ ctx, input }) => cancelPurchaseOrder(ctx.deps.db, input, actorOf(ctx.session)),
  }),
  send: mutation({
    access: 'admin',
    rest: {
      method: 'POST',
      path: '/purchase-orders/:id/send',
      summary:
        "Send a draft: email: true mails its PDF to the supplier in the shop's language (409 when the supplier has no email or " +
        'the mail fails: it stays a draft); expectedOn defaults to today + the supplier lead time',
    },
    input: sendPurchaseOrderSchema,
    output: purchaseOrderViewSchema,
    handler: ({ ctx, input }) =>
      sendPurchaseOrder(
        { ...pdfDeps(ctx.deps), sender: emailSender(ctx.deps), log: ctx.req?.log ?? silentLog },
        input,
        actorOf(ctx.session),
      ),
  }),
  receive: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/purchase-orders/:id/receive',
      summary:
        'Receive quantities of a sent order: stock and average cost move, backorders are reserved; unitCostCents (the price paid) ' +
        'is for admins only',
    },
    input: receivePurchaseOrderSchema,
    output: purchaseOrderViewSchema,
    handler: ({ ctx, input }) => receivePurchaseOrder(ctx.deps.db, input, actorOf(ctx.session)),
  }),
  lowStockDrafts: mutation({
    access: 'admin',
    rest: {
      method: 'POST',
      path: '/purchase-orders/from-low-stock',
      status: 201,
      summary: 'Draft one order per preferred supplier for the parts at or below their reorder point (409 when none is)',
    },
    input: z.void(),
    output: lowStockDraftsSchema,
    handler: ({ ctx }) => createLowStockDrafts(ctx.deps.db, actorOf(ctx.session)),
  }),
};
