// REST only, for import and export: the upload (multipart) and the downloads (templates, the export ZIP) are
// bytes (REST_ONLY_ROUTES in rest-only.ts). The import's steps are operations (data-transfer.operations.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOGUE_IMPORT_KINDS,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  TEMPLATE_HEADERS,
  TEMPLATE_SAMPLE_ROWS,
  catalogueImportQuerySchema,
  catalogueImportResultSchema,
  importJobSchema,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../../http/guards.ts';
import { AppError } from '../../lib/errors.ts';
import { csvCell, exportFileName, exportZip } from './export.service.ts';
import { importCatalogue } from './catalogue-import.ts';
import { createImport } from './import.service.ts';

const tags = ['data-transfer'];

export function templateCsv(): string {
  const lines = [IMPORT_FIELDS.map((field) => TEMPLATE_HEADERS[field]), ...TEMPLATE_SAMPLE_ROWS];
  return '\uFEFF' + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export async function templateXlsx(): Promise<Buffer> {
  // Loaded on first use, not at start: exceljs holds ~25 MB once loaded (bench/reports.ts).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  sheet.addRow(IMPORT_FIELDS.map((field) => TEMPLATE_HEADERS[field])).font = { bold: true };
  for (const row of TEMPLATE_SAMPLE_ROWS) sheet.addRow(row);
  for (const column of sheet.columns) column.width = 16;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function dataTransferRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.post(
      '/data-transfer/imports',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary:
            'Upload a CSV, XLSX or garage export (.jsonl) to import (multipart field "file"); answers its header, first rows and a suggested column mapping',
          consumes: ['multipart/form-data'],
          response: { 201: importJobSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'import.fileRequired');
        const part = await request.file({ limits: { fileSize: IMPORT_LIMITS.fileMaxMB * 1024 * 1024, files: 1 } });
        if (!part) throw new AppError('VALIDATION', 'import.fileRequired', { field: 'file' });
        const job = await createImport(deps.db, deps.storage, deps.config.DATA_DIR, sessionOf(request), {
          fileName: part.filename,
          stream: part.file,
          truncated: () => part.file.truncated,
        });
        return reply.status(201).send(job);
      },
    );
    // The parts catalogue or the suppliers from a CSV or XLSX, checked or imported in this one request
    // (catalogue-import.ts). Admins: parts carry costs, and an opening stock moves stock.
    app.post(
      '/data-transfer/catalogue-imports/:kind',
      {
        onRequest: guards.admin,
        schema: {
          tags,
          summary:
            'Check (mode=check) or import (mode=import) parts or suppliers from a CSV or XLSX upload (multipart field "file"): parts by part number, suppliers by name; bad rows reported with their column',
          consumes: ['multipart/form-data'],
          params: z.object({ kind: z.enum(CATALOGUE_IMPORT_KINDS) }),
          querystring: catalogueImportQuerySchema,
          response: { 200: catalogueImportResultSchema },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'import.fileRequired');
        const part = await request.file({ limits: { fileSize: IMPORT_LIMITS.fileMaxMB * 1024 * 1024, files: 1 } });
        if (!part) throw new AppError('VALIDATION', 'import.fileRequired', { field: 'file' });
        return importCatalogue(deps.db, deps.config.DATA_DIR, sessionOf(request).userId, request.params.kind, request.query.mode, {
          fileName: part.filename,
          stream: part.file,
          truncated: () => part.file.truncated,
        });
      },
    );
    app.get(
      '/data-transfer/template.csv',
      { onRequest: guards.staff, schema: { tags, summary: 'The import template (CSV, UTF-8) with sample rows' } },
      async (_request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="customers-import-template.csv"')
          .send(templateCsv()),
    );
    app.get(
      '/data-transfer/template.xlsx',
      { onRequest: guards.staff, schema: { tags, summary: 'The import template (XLSX) with sample rows' } },
      async (_request, reply) =>
        reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', 'attachment; filename="customers-import-template.xlsx"')
          .send(await templateXlsx()),
    );
    app.get(
      '/data-transfer/export',
      {
        onRequest: guards.admin,
        schema: {
          tags,
          summary:
            'Everything the shop owns as one ZIP (streamed): a CSV per entity, a JSON Lines export the import reads back, and the uploaded media',
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${exportFileName()}"`)
          .header('cache-control', 'no-store')
          .send(exportZip(deps.db, deps.storage, (error) => app.log.error({ err: error }, 'export failed'))),
    );
  };
}
