// Import and export of the shop's data: the contract for the import screen and the API.
// An import file (CSV, XLSX, or the JSON Lines file of an export) becomes rows; each row is mapped column by
// column onto IMPORT_FIELDS and validated with the same schemas as the forms (users.ts, vehicles.ts,
// oil-changes.ts, visit and task limits), so a row the forms would refuse is refused here with the same
// message codes.
import { z } from 'zod';
import { type LANGUAGES, LIMITS, type VEHICLE_STATUSES, VEHICLE_TYPES } from '../constants.ts';
import { msg } from '../messages.ts';
import { formatMinorPlain, majorToMinor } from '../money.ts';
import { isIsoDate } from '../visit-rules.ts';
import { KM_MAX, oilChangeInputSchema } from './oil-changes.ts';
import { TASK_LIMITS } from './tasks.ts';
import { normalizeCountryCode, normalizePhone, userInputSchema } from './users.ts';
import { normalizePlate, vehicleInputSchema } from './vehicles.ts';
import { VISIT_LIMITS } from './visits.ts';

/** What a column can be mapped to, grouped as the mapping screen shows them. */
export const IMPORT_FIELD_GROUPS = {
  customer: ['firstName', 'lastName', 'fullName', 'email', 'countryCode', 'phoneNumber', 'preferredLanguage'],
  vehicle: ['plateNumber', 'brand', 'model', 'year', 'color', 'vehicleType', 'engineType', 'odometer'],
  visit: ['visitDate', 'visitName', 'visitTotal', 'visitPaid', 'visitNotes'],
  oilChange: ['oilDate', 'oilName', 'oilType', 'oilKm', 'oilNextKm', 'oilFilterChanged'],
} as const;
export type ImportFieldGroup = keyof typeof IMPORT_FIELD_GROUPS;
export const IMPORT_FIELDS = Object.values(IMPORT_FIELD_GROUPS).flat() as ImportField[];
export type ImportField = (typeof IMPORT_FIELD_GROUPS)[ImportFieldGroup][number];

export const IMPORT_MODES = ['allOrNothing', 'validOnly'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const DUPLICATE_ACTIONS = ['skip', 'update'] as const;
export type DuplicateAction = (typeof DUPLICATE_ACTIONS)[number];
export const DISTANCE_UNITS = ['km', 'mi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
/** How "03/04/2026" reads: 3 April (most of the world) or March 4 (US software such as LubeLogger's default locale). */
export const DATE_ORDERS = ['dayFirst', 'monthFirst'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const IMPORT_FORMATS = ['csv', 'xlsx', 'garage-json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_PRESETS = ['template', 'lubelogger', 'shopmonkey', 'garage-export', 'custom'] as const;
export type ImportPreset = (typeof IMPORT_PRESETS)[number];

export const IMPORT_LIMITS = {
  /** Upload size. 30,000 rows of the template are ~4 MB; a 100,000-row history still fits. */
  fileMaxMB: 50,
  /**
   * What one file may hold once read, checked while it streams (a file past one is refused at upload with
   * IMPORT_MESSAGES, before it can cost memory or time): a 306 KB workbook once took 61 s and 2.25 GB, a
   * 30 MB CSV field 500 MB. Rows: the 100,000-row history above (the passes keep a few keys per row).
   * Columns: the template has 26, LubeLogger and Shopmonkey exports fewer than 40. A cell: the longest
   * value a form takes is 2,000 characters (notes). A row: 100 such cells, so an unclosed quote (the rest
   * of a CSV in one field) stops at 100,000 characters instead of building a 30 MB string.
   */
  maxRows: 100_000,
  maxColumns: 200,
  cellMaxChars: 10_000,
  rowMaxChars: 100_000,
  /** An XLSX is a zip: its sheet and shared strings, unpacked, at most (XML; a 100,000-row sheet is ~100 MB). */
  xlsxUnpackedMaxMB: 200,
  /** Reading a workbook at upload stops after this (it runs in a thread of its own, with a small heap). */
  xlsxReadSeconds: 120,
  /** One line of a garage export (a visit with its tasks and payments: 500 tasks of 2,000-character notes are ~1.2 MB). */
  jsonLineMaxBytes: 5_000_000,
  /** What each poll of an import answers: headers and preview cells are cut to these lengths. */
  previewRows: 5,
  headerMaxChars: 100,
  previewCellMaxChars: 200,
  /** An import (its row and uploaded file) is forgotten this long after its last use. */
  jobIdleHours: 2,
  /** Row errors kept for the screen; the counts stay exact beyond it. */
  errorsKept: 1000,
  batchRows: 1000,
  /** Next oil change when the file gives none. */
  defaultOilIntervalKm: 10_000,
} as const;

/** Filled in when a file leaves them out: the vehicle form requires them, an import rarely has them. */
export const IMPORT_DEFAULTS = { color: 'Unknown', engineType: 'Unknown', oilType: 'Unknown', visitName: 'Imported visit' } as const;

/**
 * Header names recognised per field, compared after `headerKey` (lower case, letters and digits only).
 * Sources: our template; LubeLogger's record exports (Date, Odometer, Description, Notes, Cost, Tags; its
 * vehicles are Year, Make, Model, LicensePlate); Shopmonkey's customer/vehicle export and API fields
 * (First Name, Last Name, Email, Phone, Year, Make, Model, Submodel, Engine, Color, License Plate, License
 * Plate State, VIN, Mileage). What maps where: docs/import.md.
 */
export const IMPORT_HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'prenom', 'customerfirstname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'nom', 'customerlastname'],
  fullName: ['name', 'fullname', 'customer', 'customername', 'owner', 'ownername', 'client'],
  email: ['email', 'emailaddress', 'mail', 'customeremail', 'primaryemail', 'courriel'],
  countryCode: ['countrycode', 'dialcode', 'phonecountrycode'],
  phoneNumber: [
    'phone',
    'phonenumber',
    'mobile',
    'mobilephone',
    'cell',
    'cellphone',
    'telephone',
    'tel',
    'primaryphone',
    'customerphone',
    'portable',
  ],
  preferredLanguage: ['language', 'preferredlanguage', 'lang'],
  plateNumber: ['plate', 'platenumber', 'licenseplate', 'licenceplate', 'license', 'registration', 'registrationnumber', 'immatriculation'],
  brand: ['brand', 'make', 'manufacturer', 'marque'],
  model: ['model', 'modele', 'vehiclemodel'],
  year: ['year', 'modelyear', 'annee', 'vehicleyear'],
  color: ['color', 'colour', 'couleur'],
  vehicleType: ['vehicletype', 'type'],
  engineType: ['engine', 'enginetype', 'fuel', 'fueltype', 'moteur'],
  odometer: ['odometer', 'mileage', 'km', 'kilometers', 'kilometres', 'kilometrage', 'latestkm', 'currentmileage'],
  visitDate: ['date', 'visitdate', 'servicedate'],
  visitName: ['description', 'visitname', 'visit', 'service', 'workperformed'],
  visitTotal: ['cost', 'total', 'visittotal', 'amount', 'totalcost'],
  visitPaid: ['paid', 'amountpaid', 'visitpaid'],
  visitNotes: ['notes', 'visitnotes', 'note', 'comments'],
  oilDate: ['oildate', 'oilchangedate'],
  oilName: ['oilname', 'oil', 'oilbrand'],
  oilType: ['oiltype', 'oilgrade', 'viscosity'],
  oilKm: ['oilkm', 'oilchangekm', 'oilodometer'],
  oilNextKm: ['oilnextkm', 'nextoilkm', 'nextchangekm', 'nextoilchange', 'nextoilchangekm'],
  oilFilterChanged: ['oilfilterchanged', 'filterchanged', 'oilfilter'],
};

/** The template's headers, in its column order (downloadable as CSV and XLSX). */
export const TEMPLATE_HEADERS: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  email: 'Email',
  countryCode: 'Country code',
  phoneNumber: 'Phone',
  preferredLanguage: 'Language',
  plateNumber: 'Plate',
  brand: 'Brand',
  model: 'Model',
  year: 'Year',
  color: 'Color',
  vehicleType: 'Vehicle type',
  engineType: 'Engine type',
  odometer: 'Odometer',
  visitDate: 'Visit date',
  visitName: 'Visit name',
  visitTotal: 'Visit total',
  visitPaid: 'Visit paid',
  visitNotes: 'Visit notes',
  oilDate: 'Oil date',
  oilName: 'Oil name',
  oilType: 'Oil type',
  oilKm: 'Oil km',
  oilNextKm: 'Oil next km',
  oilFilterChanged: 'Oil filter changed',
};
export const TEMPLATE_SAMPLE_ROWS: string[][] = [
  [
    'Amina',
    'Haddad',
    '',
    'amina.haddad@example.com',
    '+212',
    '612345678',
    'ar',
    '12345 A 6',
    'Toyota',
    'Corolla',
    '2018',
    'White',
    'CAR',
    'Petrol',
    '84000',
    '2026-03-14',
    'Oil and filter',
    '85.50',
    '85.50',
    '',
    '2026-03-14',
    'Castrol Edge',
    '5W-30',
    '84000',
    '94000',
    'yes',
  ],
  [
    'Amina',
    'Haddad',
    '',
    'amina.haddad@example.com',
    '+212',
    '612345678',
    'ar',
    '7788 B 1',
    'Dacia',
    'Duster',
    '2021',
    'Grey',
    'CAR',
    'Diesel',
    '36000',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ],
  [
    '',
    '',
    'Louis Martin',
    'louis.martin@example.com',
    '+33',
    '612345679',
    'fr',
    'AB 123 CD',
    'Peugeot',
    '308',
    '2019',
    'Blue',
    'CAR',
    'Diesel',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ],
];

/** "License Plate" → "licenseplate". */
export const headerKey = (header: string) =>
  header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export type ImportMapping = Partial<Record<ImportField, string>>;

/** Maps each field to the first header that names it (a header serves one field), and names the file's origin. */
export function autoMapHeaders(headers: readonly string[]): { mapping: ImportMapping; preset: ImportPreset } {
  const mapping: ImportMapping = {};
  const used = new Set<string>();
  const keys = headers.map(headerKey);
  for (const field of IMPORT_FIELDS) {
    for (const alias of IMPORT_HEADER_ALIASES[field]) {
      const index = keys.findIndex((key, i) => key === alias && !used.has(headers[i]!));
      if (index >= 0) {
        mapping[field] = headers[index]!;
        used.add(headers[index]!);
        break;
      }
    }
  }
  return { mapping, preset: detectPreset(keys) };
}

function detectPreset(keys: readonly string[]): ImportPreset {
  const has = (...names: string[]) => names.every((name) => keys.includes(name));
  const template = Object.values(TEMPLATE_HEADERS).map(headerKey);
  if (template.every((key) => keys.includes(key))) return 'template';
  if (has('licenseplatestate') || has('submodel') || (has('make', 'vin') && has('firstname'))) return 'shopmonkey';
  if (has('date', 'odometer', 'description', 'cost')) return 'lubelogger';
  return 'custom';
}

/** Shopmonkey shops are mostly in the US: their odometers read miles. */
export const presetDistanceUnit = (preset: ImportPreset): DistanceUnit => (preset === 'shopmonkey' ? 'mi' : 'km');

/** "14/03/2026", "3/14/2026", "14.03.2026": day, month and year as written (null for any other shape). */
const NUMERIC_DATE = /^(\d{1,2})([/.])(\d{1,2})[/.](\d{4})$/;

/**
 * The date order a file most likely uses: the first date that can be read one way only decides (a first
 * number above 12 is a day, a second one above 12 is a day too, dots are day first); without one, the
 * exporting software's habit: LubeLogger writes the server's short date (en-US by default) and
 * Shopmonkey is American, so both are month first; anything else day first.
 */
export function suggestDateOrder(values: Iterable<string>, preset: ImportPreset): DateOrder {
  for (const value of values) {
    const parts = NUMERIC_DATE.exec(value.trim());
    if (!parts) continue;
    const [first, second] = [Number(parts[1]), Number(parts[3])];
    if (parts[2] === '.' || (first > 12 && second <= 12)) return 'dayFirst';
    if (second > 12 && first <= 12) return 'monthFirst';
  }
  return preset === 'lubelogger' || preset === 'shopmonkey' ? 'monthFirst' : 'dayFirst';
}

const countryCodeInput = z
  .string()
  .trim()
  .max(LIMITS.countryCodeMax)
  .regex(/^\+?\d{1,4}(-\d{1,4})?$/, msg('format', { fieldName: 'countryCode' }))
  .transform(normalizeCountryCode);

export const importOptionsSchema = z.object({
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS as [ImportField, ...ImportField[]]), z.string().max(200)).default({}),
  mode: z.enum(IMPORT_MODES).default('allOrNothing'),
  duplicates: z.enum(DUPLICATE_ACTIONS).default('skip'),
  /** For phones written without one. */
  defaultCountryCode: countryCodeInput.default('+1'),
  distanceUnit: z.enum(DISTANCE_UNITS).default('km'),
  dateOrder: z.enum(DATE_ORDERS).default('dayFirst'),
  /** The vehicle of every row when the file has no plate column (a LubeLogger export is one vehicle's records). */
  vehiclePlate: z.string().trim().max(LIMITS.plateMax).optional(),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;
export type ImportOptionsInput = z.input<typeof importOptionsSchema>;

export const importIdSchema = z.object({ id: z.uuid() });
export const startImportSchema = importIdSchema.extend({ options: importOptionsSchema });

export const IMPORT_PHASES = ['uploaded', 'validating', 'validated', 'importing', 'done', 'failed'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export const importRowErrorSchema = z.object({
  row: z.number(),
  field: z.string(),
  column: z.string().nullable(),
  /** A message code: msg() or an "import.*" code of message-catalogue.ts; `text` is its English rendering. */
  message: z.string(),
  text: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

const countsSchema = z.object({ created: z.number(), updated: z.number(), skipped: z.number() });
export const importSummarySchema = z.object({
  customers: countsSchema,
  vehicles: countsSchema,
  visits: countsSchema,
  oilChanges: countsSchema,
  /** Rows not imported because they were invalid (valid-rows mode) or their batch failed. */
  failedRows: z.number(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importJobSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  phase: z.enum(IMPORT_PHASES),
  headers: z.array(z.string()),
  previewRows: z.array(z.array(z.string())),
  suggestedMapping: z.record(z.string(), z.string()),
  preset: z.enum(IMPORT_PRESETS),
  suggestedDistanceUnit: z.enum(DISTANCE_UNITS),
  suggestedDateOrder: z.enum(DATE_ORDERS),
  /** For phones written without a country code: the uploader's own, else the one most customers have. */
  suggestedCountryCode: z.string(),
  /** Rows read so far in the current pass, and in the file (known after validation). */
  processedRows: z.number(),
  totalRows: z.number().nullable(),
  validRows: z.number(),
  invalidRows: z.number(),
  errors: z.array(importRowErrorSchema),
  duplicates: z.object({ customers: z.number(), vehicles: z.number() }),
  summary: importSummarySchema.nullable(),
  /** Set when the job stopped (a refused all-or-nothing import, an unreadable file): its message code. */
  failure: z.string().nullable(),
  /** The options of the last validation or run, as the server read them. */
  options: z
    .object({
      mapping: z.record(z.string(), z.string()),
      mode: z.enum(IMPORT_MODES),
      duplicates: z.enum(DUPLICATE_ACTIONS),
      defaultCountryCode: z.string(),
      distanceUnit: z.enum(DISTANCE_UNITS),
      dateOrder: z.enum(DATE_ORDERS),
      vehiclePlate: z.string().optional(),
    })
    .nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const IMPORT_MESSAGES = {
  fileRequired: 'Choose a CSV, XLSX or export file to import',
  fileType: 'The file must be a CSV, an XLSX workbook or a garage export (.jsonl)',
  fileTooLarge: `The file must not exceed ${IMPORT_LIMITS.fileMaxMB}MB`,
  noHeader: 'The file has no header row',
  notFound: 'Import not found. It may have expired: upload the file again.',
  busy: 'This import is already running',
  notValidated: 'Validate the file before importing it',
  invalidRowsRefused: 'Nothing was imported: some rows are invalid. Fix them, or choose "Import the valid rows".',
  nothingMapped: 'Map at least one column',
  customerNeeded: 'A new vehicle needs its customer on the same row',
  vehicleNeeded: 'A visit or oil change needs a vehicle plate',
  conflictingCustomer: 'This email and this phone belong to two different customers',
  /** An import creates and changes customer accounts only (apps/api users.access.ts): never a staff account. */
  staffAccount: 'This email or phone belongs to a staff account: an import never changes staff accounts',
  /** A row never writes on another customer's vehicle (as the visit form refuses it: visits.service.ts). */
  vehicleOfAnotherCustomer: "This plate is another customer's vehicle: the row is not imported",
  rolledBack: 'The import failed and was rolled back; nothing was imported.',
  tooManyRows: `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows: split it into smaller files`,
  tooManyColumns: `The file has more than ${IMPORT_LIMITS.maxColumns} columns`,
  cellTooLong: `A cell of the file has more than ${IMPORT_LIMITS.cellMaxChars.toLocaleString('en-US')} characters`,
  rowTooLong: `A row of the file has more than ${IMPORT_LIMITS.rowMaxChars.toLocaleString('en-US')} characters (check its quotes)`,
  unpackedTooLarge: 'The workbook is too large once unpacked: save its first sheet as CSV, or split it',
  interrupted: 'The import stopped because the server restarted. Start it again.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Row validation (pure): the same schemas as the forms, with what an import may leave out filled in.

export interface ImportCustomer {
  firstName: string;
  lastName: string;
  email: string | null;
  /** Null only for accounts read back from an export (self-registered clients may have none). */
  countryCode: string | null;
  phoneNumber: string | null;
  preferredLanguage: (typeof LANGUAGES)[number];
}
export interface ImportVehicle {
  plateNumber: string;
  plateKey: string;
  /** Only plate given: the row points at a vehicle known from the database or an earlier row. */
  reference: boolean;
  type: (typeof VEHICLE_TYPES)[number];
  color: string;
  brand: string;
  model: string;
  year: number;
  engineType: string;
  status: (typeof VEHICLE_STATUSES)[number];
  odometerKm: number | null;
}
export interface ImportVisit {
  name: string;
  visitDate: string;
  totalCents: number;
  paidCents: number;
  notes: string | null;
}
export interface ImportOilChange {
  date: string | null;
  oilName: string;
  oilType: string;
  currentKm: number;
  nextChangeKm: number;
  filterChanged: boolean;
}
export interface ImportRecord {
  customer: ImportCustomer | null;
  vehicle: ImportVehicle | null;
  visit: ImportVisit | null;
  oilChange: ImportOilChange | null;
}
export interface FieldProblem {
  field: ImportField;
  message: string;
}

export type RawRow = Partial<Record<ImportField, string>>;

const customerSchema = userInputSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  countryCode: true,
  phoneNumber: true,
  preferredLanguage: true,
});
const vehicleSchema = vehicleInputSchema.pick({
  type: true,
  plateNumber: true,
  color: true,
  brand: true,
  model: true,
  year: true,
  engineType: true,
  status: true,
});

/** Where a schema's field shows up among the import fields. */
const FIELD_OF: Record<string, ImportField> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  countryCode: 'countryCode',
  phoneNumber: 'phoneNumber',
  preferredLanguage: 'preferredLanguage',
  type: 'vehicleType',
  plateNumber: 'plateNumber',
  color: 'color',
  brand: 'brand',
  model: 'model',
  year: 'year',
  engineType: 'engineType',
  status: 'vehicleType',
  oilName: 'oilName',
  oilType: 'oilType',
  currentKm: 'oilKm',
  nextChangeKm: 'oilNextKm',
  filterChanged: 'oilFilterChanged',
  notes: 'visitNotes',
};

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
const anyPresent = (row: RawRow, fields: readonly ImportField[]) => fields.some((field) => present(row[field]));

/** "1,234.50", "1234,50", "$ 85" → 85.5; null for empty; NaN when unreadable. */
export function parseDecimal(value: string | undefined): number | null {
  if (!present(value)) return null;
  let text = value.replace(/[^\d.,-]/g, '');
  // A comma followed by one or two final digits is a decimal comma ("1.234,50", "85,5"); other commas group thousands.
  if (/,\d{1,2}$/.test(text)) text = text.replace(/\./g, '').replace(',', '.');
  else text = text.replace(/,/g, '');
  return text === '' || text === '-' ? Number.NaN : Number(text);
}

/**
 * ISO (2026-03-14, with or without time), 14/03/2026 or 3/14/2026 (slashes follow `order`; dots are always
 * day first, as in 14.03.2026) or an Excel serial day → "YYYY-MM-DD". Undefined when it is no date.
 */
export function parseImportDate(value: string | undefined, order: DateOrder = 'dayFirst'): string | null | undefined {
  if (!present(value)) return null;
  const text = value.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/.exec(text);
  const numeric = NUMERIC_DATE.exec(text);
  let day: string | undefined;
  if (iso) day = `${iso[1]}-${iso[2]!.padStart(2, '0')}-${iso[3]!.padStart(2, '0')}`;
  else if (numeric) {
    const monthFirst = order === 'monthFirst' && numeric[2] === '/';
    const [dayPart, monthPart] = monthFirst ? [numeric[3]!, numeric[1]!] : [numeric[1]!, numeric[3]!];
    day = `${numeric[4]}-${monthPart.padStart(2, '0')}-${dayPart.padStart(2, '0')}`;
  } else if (/^\d{5}(\.\d+)?$/.test(text))
    day = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000).toISOString().slice(0, 10);
  else {
    const parsed = new Date(text);
    if (!Number.isNaN(parsed.getTime()) && /\d{4}/.test(text)) day = parsed.toISOString().slice(0, 10);
  }
  return day && isIsoDate(day) ? day : undefined;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'oui', 'x', 'نعم']);

/** Splits "+33 6 12 34 56 78" when no country code column is mapped: known prefix of the default code, else 1-3 digits. */
export function splitPhone(
  phone: string,
  countryCode: string | undefined,
  defaultCountryCode: string,
): { countryCode: string; phoneNumber: string } {
  const digits = normalizePhone(phone.trim());
  if (present(countryCode)) return { countryCode: countryCode.trim(), phoneNumber: digits.replace(/^\+/, '') };
  const international = digits.startsWith('+') ? digits.slice(1) : digits.startsWith('00') ? digits.slice(2) : null;
  if (international === null)
    return { countryCode: defaultCountryCode, phoneNumber: digits.replace(/^0(?=\d{8,})/, defaultCountryCode === '+1' ? '0' : '') };
  const defaultDigits = defaultCountryCode.replace(/\D/g, '');
  if (defaultDigits && international.startsWith(defaultDigits))
    return { countryCode: defaultCountryCode, phoneNumber: international.slice(defaultDigits.length) };
  const length = /^(1|7)/.test(international) ? 1 : /^(2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/.test(international) ? 2 : 3;
  return { countryCode: `+${international.slice(0, length)}`, phoneNumber: international.slice(length) };
}

function issuesToProblems(issues: readonly z.core.$ZodIssue[], fallback: ImportField): FieldProblem[] {
  return issues.map((issue) => ({ field: FIELD_OF[String(issue.path[0])] ?? fallback, message: issue.message }));
}

function kilometres(value: string | undefined, unit: DistanceUnit, field: ImportField, problems: FieldProblem[]): number | null {
  const number = parseDecimal(value);
  if (number === null) return null;
  if (!Number.isFinite(number) || number < 0) {
    problems.push({ field, message: msg('number', { fieldName: field }) });
    return null;
  }
  const km = Math.round(unit === 'mi' ? number * 1.609344 : number);
  if (km > KM_MAX) {
    problems.push({ field, message: msg('maxValue', { fieldName: field, maxValue: KM_MAX }) });
    return null;
  }
  return km;
}

/** An amount in currency units ("12.345" in KWD) as the shop's minor units (money.ts). */
function minorUnits(value: string | undefined, field: ImportField, problems: FieldProblem[], currency: string): number | null {
  const number = parseDecimal(value);
  if (number === null) return null;
  const minor = majorToMinor(number, currency);
  if (!Number.isFinite(number)) problems.push({ field, message: msg('number', { fieldName: field }) });
  else if (number < 0) problems.push({ field, message: msg('minValue', { fieldName: field, minValue: 0 }) });
  else if (minor > TASK_LIMITS.moneyMaxCents)
    problems.push({
      field,
      message: msg('maxValue', { fieldName: field, maxValue: formatMinorPlain(TASK_LIMITS.moneyMaxCents, currency) }),
    });
  else return minor;
  return null;
}

/** Dashes, dots, slashes and underscores between a plate's groups → single spaces (SPEC: letters and digits). */
export const plateWithSpaces = (plate: string) =>
  plate
    .replace(/[-./_·]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function pickEnum<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T | undefined {
  if (!present(value)) return fallback;
  const upper = value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return allowed.find((option) => option === upper);
}

/** Validates one mapped row. Parts a row does not touch stay null; a row touching none is an error. */
export function validateImportRow(
  row: RawRow,
  options: Pick<ImportOptions, 'defaultCountryCode' | 'distanceUnit'> & {
    dateOrder?: DateOrder;
    phoneOptional?: boolean;
    /** The shop's currency: amounts are read with its decimals (USD's 2 when not given). */
    currency?: string;
  },
): { record: ImportRecord; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const record: ImportRecord = { customer: null, vehicle: null, visit: null, oilChange: null };

  if (anyPresent(row, IMPORT_FIELD_GROUPS.customer)) {
    let firstName = row.firstName?.trim() ?? '';
    let lastName = row.lastName?.trim() ?? '';
    if (present(row.fullName) && !firstName && !lastName) {
      const parts = row.fullName.trim().split(/\s+/);
      firstName = parts.length > 1 ? parts.slice(0, -1).join(' ') : parts[0]!;
      lastName = parts.length > 1 ? parts[parts.length - 1]! : parts[0]!;
    }
    const phone = present(row.phoneNumber)
      ? splitPhone(row.phoneNumber, row.countryCode, options.defaultCountryCode)
      : { countryCode: row.countryCode?.trim() || options.defaultCountryCode, phoneNumber: '' };
    const language = present(row.preferredLanguage) ? row.preferredLanguage.trim().toLowerCase().slice(0, 2) : 'en';
    const withoutPhone = options.phoneOptional && !present(row.phoneNumber);
    const schema = withoutPhone ? customerSchema.omit({ countryCode: true, phoneNumber: true }) : customerSchema;
    const parsed = schema.safeParse({ firstName, lastName, email: row.email?.trim() || null, ...phone, preferredLanguage: language });
    if (parsed.success) {
      const data = parsed.data as z.output<typeof customerSchema>;
      record.customer = {
        ...data,
        email: data.email || null,
        countryCode: withoutPhone ? null : data.countryCode,
        phoneNumber: withoutPhone ? null : data.phoneNumber,
      };
    } else problems.push(...issuesToProblems(parsed.error.issues, 'firstName'));
  }

  const odometerKm = kilometres(row.odometer, options.distanceUnit, 'odometer', problems);
  if (anyPresent(row, IMPORT_FIELD_GROUPS.vehicle)) {
    const details: ImportField[] = ['brand', 'model', 'year', 'color', 'vehicleType', 'engineType'];
    const reference = present(row.plateNumber) && !anyPresent(row, details);
    const type = pickEnum(row.vehicleType, VEHICLE_TYPES, 'CAR');
    if (!type) problems.push({ field: 'vehicleType', message: msg('format', { fieldName: 'type' }) });
    const year = present(row.year) ? Number(row.year.trim()) : undefined;
    const candidate = {
      type: type ?? 'CAR',
      // "AB-123-CD", "M.AB 123": the separators people type become the spaces the form allows.
      plateNumber: plateWithSpaces(row.plateNumber ?? ''),
      color: present(row.color) ? row.color : IMPORT_DEFAULTS.color,
      brand: reference ? '-' : (row.brand ?? ''),
      model: reference ? '-' : (row.model ?? ''),
      year: reference ? new Date().getFullYear() : Number.isNaN(year) ? row.year : year,
      engineType: present(row.engineType) ? row.engineType : IMPORT_DEFAULTS.engineType,
      status: 'ACTIVE' as const,
    };
    const parsed = vehicleSchema.safeParse(candidate);
    if (parsed.success) record.vehicle = { ...parsed.data, plateKey: normalizePlate(parsed.data.plateNumber), reference, odometerKm };
    else problems.push(...issuesToProblems(parsed.error.issues, 'plateNumber'));
  }

  if (anyPresent(row, IMPORT_FIELD_GROUPS.visit)) {
    const visitDate = parseImportDate(row.visitDate, options.dateOrder);
    if (visitDate === undefined) problems.push({ field: 'visitDate', message: msg('format', { fieldName: 'visitDate' }) });
    else if (visitDate === null) problems.push({ field: 'visitDate', message: msg('required', { fieldName: 'visitDate' }) });
    const name = (row.visitName?.trim() || IMPORT_DEFAULTS.visitName).slice(0, VISIT_LIMITS.nameMax);
    if (name.length < LIMITS.visitNameMin)
      problems.push({ field: 'visitName', message: msg('minLength', { fieldName: 'name', minLength: LIMITS.visitNameMin }) });
    const notes = row.visitNotes?.trim() || null;
    if (notes && notes.length > VISIT_LIMITS.notesMax)
      problems.push({ field: 'visitNotes', message: msg('maxLength', { fieldName: 'notes', maxLength: VISIT_LIMITS.notesMax }) });
    const currency = options.currency ?? 'USD';
    const totalCents = minorUnits(row.visitTotal, 'visitTotal', problems, currency);
    const paid = minorUnits(row.visitPaid, 'visitPaid', problems, currency);
    if (visitDate) record.visit = { name, visitDate, totalCents: totalCents ?? 0, paidCents: paid ?? totalCents ?? 0, notes };
  }

  if (anyPresent(row, ['oilName', 'oilType', 'oilKm', 'oilNextKm', 'oilDate'])) {
    const oilDate = parseImportDate(row.oilDate, options.dateOrder);
    if (oilDate === undefined) problems.push({ field: 'oilDate', message: msg('format', { fieldName: 'oilDate' }) });
    const currentKm = kilometres(row.oilKm, options.distanceUnit, 'oilKm', problems) ?? odometerKm;
    const nextKm = kilometres(row.oilNextKm, options.distanceUnit, 'oilNextKm', problems);
    const parsed = oilChangeInputSchema.safeParse({
      oilName: row.oilName ?? '',
      oilType: present(row.oilType) ? row.oilType : IMPORT_DEFAULTS.oilType,
      currentKm: currentKm ?? undefined,
      nextChangeKm: nextKm ?? (currentKm === null ? undefined : currentKm + IMPORT_LIMITS.defaultOilIntervalKm),
      filterChanged: present(row.oilFilterChanged) && TRUE_WORDS.has(row.oilFilterChanged.trim().toLowerCase()),
    });
    if (parsed.success) record.oilChange = { ...parsed.data, date: oilDate ?? null };
    else problems.push(...issuesToProblems(parsed.error.issues, 'oilName'));
  }

  if (
    (record.visit || record.oilChange) &&
    !record.vehicle &&
    !problems.some((p) => IMPORT_FIELD_GROUPS.vehicle.includes(p.field as never))
  ) {
    problems.push({ field: 'plateNumber', message: 'import.vehicleNeeded' });
  }
  if (record.vehicle && !record.vehicle.reference && !record.customer && !anyPresent(row, IMPORT_FIELD_GROUPS.customer)) {
    problems.push({ field: 'firstName', message: 'import.customerNeeded' });
  }
  if (!anyPresent(row, IMPORT_FIELDS)) problems.push({ field: 'firstName', message: msg('required', { fieldName: 'firstName' }) });
  return { record, problems };
}

// ---------------------------------------------------------------------------------------------------------
// Parts catalogue and suppliers import (issue #26): one request, POST /backend/data-transfer/catalogue-imports/{kind}.

export const CATALOGUE_IMPORT_KINDS = ['parts', 'suppliers'] as const;
export const CATALOGUE_IMPORT_MODES = ['check', 'import'] as const;
/** `check` reads and validates every row and writes nothing; `import` writes the valid rows and reports the others. */
export const catalogueImportQuerySchema = z.object({ mode: z.enum(CATALOGUE_IMPORT_MODES).default('check') });
export const catalogueImportResultSchema = z.object({
  kind: z.enum(CATALOGUE_IMPORT_KINDS),
  mode: z.enum(CATALOGUE_IMPORT_MODES),
  rows: z.number(),
  validRows: z.number(),
  invalidRows: z.number(),
  created: z.number(),
  updated: z.number(),
  /** Opening-stock movements (COUNTED, "opening stock") written for parts rows with an onHand quantity. */
  stockMovements: z.number(),
  /** Suppliers created because a part row named one that did not exist. */
  suppliersCreated: z.number(),
  errors: z.array(importRowErrorSchema),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;
