// REST only, the accounting files (REST_ONLY_ROUTES in rest-only.ts): the FEC and the journal CSV of a period
// and the fiscal archive of a year are downloads (bytes with content-disposition). Admins only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountingPeriodSchema, fiscalArchiveSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards } from '../../http/guards.ts';
import { fecFile, journalCsv } from './accounting.service.ts';
import { fiscalArchiveFileName, fiscalArchiveZip } from './archive.service.ts';

const tags = ['accounting'];

export function accountingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/accounting/fec',
      {
        onRequest: guards.admin,
        schema: {
          tags,
          summary:
            'The FEC (Fichier des Écritures Comptables) of a period of days, both included: 18 tab-separated columns, <SIREN>FEC<YYYYMMDD>.txt',
          querystring: accountingPeriodSchema,
        },
      },
      async (request, reply) => {
        const file = await fecFile(deps.db, request.query);
        return reply
          .header('content-type', 'text/plain; charset=iso-8859-15')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
    app.get(
      '/accounting/journal.csv',
      {
        onRequest: guards.admin,
        schema: {
          tags,
          summary: 'The accounting journal of a period as CSV (date, journal, piece, account, label, debit, credit)',
          querystring: accountingPeriodSchema,
        },
      },
      async (request, reply) => {
        const file = await journalCsv(deps.db, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
    app.get(
      '/fiscal/archive',
      {
        onRequest: guards.admin,
        schema: {
          tags,
          summary:
            "A year's fiscal archive (ZIP, streamed): journal entries, closings, invoices with their snapshots, and a manifest with the chain's hashes and each file's SHA-256",
          querystring: fiscalArchiveSchema,
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${fiscalArchiveFileName(request.query.year)}"`)
          .header('cache-control', 'no-store')
          .send(fiscalArchiveZip(deps.db, request.query.year, (error) => app.log.error({ err: error }, 'fiscal archive failed'))),
    );
  };
}
