// The purchase order PDF download: binary, so REST only (the web links to it). Admins only: it prints the
// costs. The JSON operations are in purchase-orders.operations.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { purchaseOrderIdSchema } from '@garage/shared';
import { invoicePdfQuerySchema } from '@garage/shared/schemas/invoices';
import type { AppDeps } from '../../deps.ts';
import { createGuards } from '../../http/guards.ts';
import { getPurchaseOrderPdf } from './purchase-orders.service.ts';

export function purchaseOrdersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  const pdfDeps = { db: deps.db, storage: deps.storage, webDistDir: deps.config.WEB_DIST_DIR };
  return async (app) => {
    app.get(
      '/purchase-orders/:id/pdf',
      {
        onRequest: guards.admin,
        schema: {
          tags: ['purchaseOrders'],
          summary: "A purchase order as PDF (lang=en|fr|ar, default the shop's language); admins only, it shows costs",
          params: purchaseOrderIdSchema,
          querystring: invoicePdfQuerySchema,
          response: { 200: z.any().describe('application/pdf') },
        },
      },
      async (request, reply) => {
        const pdf = await getPurchaseOrderPdf(pdfDeps, request.params.id, request.query.lang);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf.bytes);
      },
    );
  };
}
