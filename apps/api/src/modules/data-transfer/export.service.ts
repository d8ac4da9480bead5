// The shop's data in one ZIP, written to the response as it is produced (yazl; never built in memory):
// a CSV per entity, `garage-export.jsonl` that the import reads back (customers, vehicles, oil changes,
// visits with their tasks and payments), `media.csv` and the uploaded files under media/.
// Every entry is a lazy stream: yazl pulls one entry at a time, and each pulls its rows from the database a
// page at a time (keyset on id), so memory stays flat whatever the shop's size.
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { Prisma, type Db, type FileStorage } from '@garage/db';
import { formatMinorPlain } from '@garage/shared';

const PAGE = 1000;

export const EXPORT_ENTITIES = [
  'customers',
  'vehicles',
  'visits',
  'tasks',
  'payments',
  'oil-changes',
  'catalogue-categories',
  'catalogue-items',
  'messages',
  'ratings',
  'media',
  // Parts and inventory (issue #26). Quantities stay in thousandths (`*Milli` columns), as stored.
  'suppliers',
  'parts',
  'part-markup-bands',
  'labour-rates',
  'task-lines',
  'stock-movements',
  'purchase-orders',
  'purchase-order-lines',
  'catalogue-item-lines',
  // Taxes (issue #27): the rates lines, parts and catalogue items name (basis points: 2000 = 20 %).
  'tax-rates',
  // Inspections (issue #29): texts per language as JSON, measurements in thousandths (`*Milli`), as stored.
  'inspection-templates',
  'inspection-template-items',
  'inspections',
  'inspection-items',
] as const;
export type ExportEntity = (typeof EXPORT_ENTITIES)[number];

type Row = Record<string, unknown>;
type PageReader = (afterId: string | undefined) => Promise<(Row & { id: string })[]>;

/** Never leaves the database: secrets and one-time codes. */
const SECRET_COLUMNS = new Set(['passwordHash', 'setupCodeHash']);

/** Every entity's columns, so a CSV of a table with no rows still has its header. */
const COLUMNS: Record<ExportEntity, string[]> = {
  customers: Object.values(Prisma.UserScalarFieldEnum),
  vehicles: Object.values(Prisma.VehicleScalarFieldEnum),
  visits: Object.values(Prisma.VisitScalarFieldEnum),
  tasks: Object.values(Prisma.TaskScalarFieldEnum),
  payments: Object.values(Prisma.PaymentScalarFieldEnum),
  'oil-changes': Object.values(Prisma.OilChangeScalarFieldEnum),
  'catalogue-categories': Object.values(Prisma.OfferingCategoryScalarFieldEnum),
  'catalogue-items': Object.values(Prisma.OfferingItemScalarFieldEnum),
  messages: Object.values(Prisma.ContactMessageScalarFieldEnum),
  ratings: Object.values(Prisma.RatingScalarFieldEnum),
  media: Object.values(Prisma.MediaFileScalarFieldEnum),
  suppliers: Object.values(Prisma.SupplierScalarFieldEnum),
  parts: Object.values(Prisma.PartScalarFieldEnum),
  'part-markup-bands': Object.values(Prisma.PartMarkupBandScalarFieldEnum),
  'labour-rates': Object.values(Prisma.LabourRateScalarFieldEnum),
  'task-lines': Object.values(Prisma.TaskLineScalarFieldEnum),
  'stock-movements': Object.values(Prisma.StockMovementScalarFieldEnum),
  'purchase-orders': Object.values(Prisma.PurchaseOrderScalarFieldEnum),
  'purchase-order-lines': Object.values(Prisma.PurchaseOrderLineScalarFieldEnum),
  'catalogue-item-lines': Object.values(Prisma.OfferingItemLineScalarFieldEnum),
  'tax-rates': Object.values(Prisma.TaxRateScalarFieldEnum),
  'inspection-templates': Object.values(Prisma.InspectionTemplateScalarFieldEnum),
  'inspection-template-items': Object.values(Prisma.InspectionTemplateItemScalarFieldEnum),
  inspections: Object.values(Prisma.InspectionScalarFieldEnum),
  'inspection-items': Object.values(Prisma.InspectionItemScalarFieldEnum),
};

function readers(db: Db): Record<ExportEntity, PageReader> {
  const page = { take: PAGE, orderBy: { id: 'asc' as const } };
  const after = (id: string | undefined) => (id ? { id: { gt: id } } : {});
  return {
    customers: (id) => db.user.findMany({ ...page, where: { role: 'CLIENT', ...after(id) } }),
    vehicles: (id) => db.vehicle.findMany({ ...page, where: after(id) }),
    visits: (id) => db.visit.findMany({ ...page, where: after(id) }),
    tasks: (id) => db.task.findMany({ ...page, where: after(id) }),
    payments: (id) => db.payment.findMany({ ...page, where: after(id) }),
    'oil-changes': (id) => db.oilChange.findMany({ ...page, where: after(id) }),
    'catalogue-categories': (id) => db.offeringCategory.findMany({ ...page, where: after(id) }),
    'catalogue-items': (id) => db.offeringItem.findMany({ ...page, where: after(id) }),
    messages: (id) => db.contactMessage.findMany({ ...page, where: after(id) }),
    ratings: (id) => db.rating.findMany({ ...page, where: after(id) }),
    media: (id) => db.mediaFile.findMany({ ...page, where: after(id) }),
    suppliers: (id) => db.supplier.findMany({ ...page, where: after(id) }),
    parts: (id) => db.part.findMany({ ...page, where: after(id) }),
    'part-markup-bands': (id) => db.partMarkupBand.findMany({ ...page, where: after(id) }),
    'labour-rates': (id) => db.labourRate.findMany({ ...page, where: after(id) }),
    'task-lines': (id) => db.taskLine.findMany({ ...page, where: after(id) }),
    'stock-movements': (id) => db.stockMovement.findMany({ ...page, where: after(id) }),
    'purchase-orders': (id) => db.purchaseOrder.findMany({ ...page, where: after(id) }),
    'purchase-order-lines': (id) => db.purchaseOrderLine.findMany({ ...page, where: after(id) }),
    'catalogue-item-lines': (id) => db.offeringItemLine.findMany({ ...page, where: after(id) }),
    'tax-rates': (id) => db.taxRate.findMany({ ...page, where: after(id) }),
    'inspection-templates': (id) => db.inspectionTemplate.findMany({ ...page, where: after(id) }),
    'inspection-template-items': (id) => db.inspectionTemplateItem.findMany({ ...page, where: after(id) }),
    inspections: (id) => db.inspection.findMany({ ...page, where: after(id) }),
    'inspection-items': (id) => db.inspectionItem.findMany({ ...page, where: after(id) }),
  };
}

async function* pages<T extends { id: string }>(read: (afterId: string | undefined) => Promise<T[]>): AsyncGenerator<T[]> {
  let last: string | undefined;
  for (;;) {
    const rows = await read(last);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1]!.id;
  }
}

/**
 * Text a spreadsheet would run as a formula (=, @, a leading tab or carriage return, or + and - not followed
 * by a number or phone; the full-width ＝ ＠ ＋ －, which spreadsheets may read as their ASCII twins, always)
 * gets a leading apostrophe, so opening an export never executes what a customer typed into a form. The one
 * definition for every CSV the app writes (exports, reports, import error files).
 */
const FORMULA = /^[=@\t\r\uFF1D\uFF20\uFF0B\uFF0D]|^[+-](?![\d\s().-]*$)/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Money columns (`*Cents`, minor units) become decimals named without the suffix, with the currency's own
 * digits ("12.345" KWD, "123.45" EUR, "1500" JPY) and the shop's currency beside them; a table with its own
 * currency column (catalogue items) is written in each row's currency.
 */
const money = (cents: unknown, currency: string) => (typeof cents === 'number' ? formatMinorPlain(cents, currency) : cents);

async function* csvLines(read: PageReader, allColumns: string[], currency: string): AsyncGenerator<string> {
  const columns = allColumns.filter((column) => !SECRET_COLUMNS.has(column));
  const hasMoney = columns.some((column) => column.endsWith('Cents')) && !columns.includes('currency');
  yield '\uFEFF' + [...columns.map((column) => column.replace(/Cents$/, '')), ...(hasMoney ? ['currency'] : [])].join(',') + '\r\n';
  for await (const rows of pages(read)) {
    let chunk = '';
    for (const row of rows) {
      const rowCurrency = hasMoney ? currency : typeof row.currency === 'string' ? row.currency : currency;
      const cells = columns.map((column) => csvCell(column.endsWith('Cents') ? money(row[column], rowCurrency) : row[column]));
      if (hasMoney) cells.push(currency);
      chunk += cells.join(',') + '\r\n';
    }
    yield chunk;
  }
}

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** The JSON Lines file the import reads back (import-units.ts): live customers and vehicles, then their history. */
async function* jsonLines(db: Db, currency: string): AsyncGenerator<string> {
  yield JSON.stringify({ type: 'meta', format: 'garage-export', version: 1, exportedAt: new Date().toISOString(), currency }) + '\n';
  const liveClient = { role: 'CLIENT' as const, deletedAt: null };
  for await (const rows of pages((id) =>
    db.user.findMany({ take: PAGE, orderBy: { id: 'asc' }, where: { ...liveClient, ...(id ? { id: { gt: id } } : {}) } }),
  )) {
    yield rows
      .map(
        (u) =>
          JSON.stringify({
            type: 'customer',
            id: u.id,
            firstName: u.firstName,
            lastName: u.lastName,
            username: u.username,
            email: u.email,
            countryCode: u.countryCode,
            phoneNumber: u.phoneNumber,
            preferredLanguage: u.preferredLanguage,
            billing: u.billing,
            createdAt: isoOrNull(u.createdAt as Date),
          }) + '\n',
      )
      .join('');
  }
  const liveVehicle = { deletedAt: null, owner: liveClient };
  for await (const rows of pages((id) =>
    db.vehicle.findMany({ take: PAGE, orderBy: { id: 'asc' }, where: { ...liveVehicle, ...(id ? { id: { gt: id } } : {}) } }),
  )) {
    yield rows
      .map(
        (v) =>
          JSON.stringify({
            type: 'vehicle',
            id: v.id,
            ownerId: v.ownerId,
            vehicleType: v.type,
            plateNumber: v.plateNumber,
            color: v.color,
            brand: v.brand,
            model: v.model,
            year: v.year,
            engineType: v.engineType,
            status: v.status,
            latestKm: v.latestKm,
            vin: v.vin,
            trim: v.trim,
            plateRegion: v.plateRegion,
            firstRegistrationDate: v.firstRegistrationDate ? v.firstRegistrationDate.toISOString().slice(0, 10) : null,
            distanceUnit: v.distanceUnit,
            createdAt: isoOrNull(v.createdAt as Date),
          }) + '\n',
      )
      .join('');
  }
  for await (const rows of pages((id) =>
    db.oilChange.findMany({ take: PAGE, orderBy: { id: 'asc' }, where: { vehicle: liveVehicle, ...(id ? { id: { gt: id } } : {}) } }),
  )) {
    yield rows
      .map(
        (o) =>
          JSON.stringify({
            type: 'oilChange',
            id: o.id,
            vehicleId: o.vehicleId,
            oilName: o.oilName,
            oilType: o.oilType,
            currentKm: o.currentKm,
            nextChangeKm: o.nextChangeKm,
            filterChanged: o.filterChanged,
            notes: o.notes,
            createdAt: isoOrNull(o.createdAt as Date),
          }) + '\n',
      )
      .join('');
  }
  for await (const rows of pages((id) =>
    db.visit.findMany({
      take: PAGE,
      orderBy: { id: 'asc' },
      where: { vehicle: liveVehicle, ...(id ? { id: { gt: id } } : {}) },
      include: { tasks: true, payments: { orderBy: { createdAt: 'asc' } } },
    }),
  )) {
    yield rows
      .map(
        (v) =>
          JSON.stringify({
            type: 'visit',
            id: v.id,
            customerId: v.customerId,
            vehicleId: v.vehicleId,
            name: v.name,
            visitDate: isoOrNull(v.visitDate),
            dueDate: isoOrNull(v.dueDate),
            status: v.status,
            completedAt: isoOrNull(v.completedAt),
            notes: v.notes,
            odometerInKm: v.odometerInKm,
            odometerOutKm: v.odometerOutKm,
            createdAt: isoOrNull(v.createdAt),
            tasks: v.tasks.map((t) => ({
              id: t.id,
              title: t.title,
              description: t.description,
              service: t.service,
              status: t.status,
              priority: t.priority,
              costCents: t.costCents,
              soldForCents: t.soldForCents,
              dueDate: isoOrNull(t.dueDate),
              completedOn: isoOrNull(t.completedOn),
              createdAt: isoOrNull(t.createdAt),
            })),
            payments: v.payments.map((p) => ({
              id: p.id,
              amountCents: p.amountCents,
              method: p.method,
              status: p.status,
              notes: p.notes,
              refundOfId: p.refundOfId,
              createdAt: isoOrNull(p.createdAt),
            })),
          }) + '\n',
      )
      .join('');
  }
}

/** Starts writing the ZIP; the returned stream is its bytes. A failure midway ends the stream with an error. */
export function exportZip(db: Db, storage: FileStorage, log: (error: unknown) => void): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const fail = (error: unknown) => {
    log(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  const lazy = (source: () => AsyncGenerator<string | Buffer>) => {
    const stream = Readable.from(
      (async function* () {
        yield* source();
      })(),
    );
    stream.on('error', fail);
    return stream;
  };
  void (async () => {
    const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { currency: true } });
    const currency = merchant?.currency ?? 'USD';
    const read = readers(db);
    for (const entity of EXPORT_ENTITIES)
      zip.addReadStream(
        lazy(() => csvLines(read[entity], COLUMNS[entity], currency)),
        `${entity}.csv`,
      );
    zip.addReadStream(
      lazy(() => jsonLines(db, currency)),
      'garage-export.jsonl',
    );
    for await (const rows of pages(read.media)) {
      for (const file of rows) {
        const key = String(file.storageKey);
        zip.addReadStream(
          lazy(async function* () {
            const stored = await storage.open(key);
            if (stored) yield* stored.stream as AsyncIterable<Buffer>;
          }),
          `media/${key}`,
          { compress: false },
        );
      }
    }
    zip.end();
  })().catch(fail);
  return output;
}

export const exportFileName = (now = new Date()) => `garage-export-${now.toISOString().slice(0, 10)}.zip`;
