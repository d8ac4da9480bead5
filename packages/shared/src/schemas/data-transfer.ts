// Import and export of the shop's data: the contract for the import screen and the API.
// An import file (CSV, XLSX, or the JSON Lines file of an export) becomes rows; each row is mapped column by
// column onto IMPORT_FIELDS and validated with the same schemas as the forms (users.ts, vehicles.ts,
// oil-changes.ts, visit and task limits), so a row the forms would refuse is refused here with the same
// message codes.
import { z } from 'zod';
import { type LANGUAGES, LIMITS, type VEHICLE_STATUSES, VEHICLE_TYPES } from '../constants.ts';
import { DISTANCE_UNITS, type DistanceUnit, unitToKm } from '../distance.ts';
import { encodeMessage, msg } from '../messages.ts';
import { currencyDecimals, type DecimalMark, decimalMarkOf, formatMinorPlain, parseAmountToMinor, plainDecimal } from '../money.ts';
import { checkDigitStatus, normaliseVin, vinProblem } from '../vin.ts';
import { isIsoDate } from '../visit-rules.ts';
import { KM_MAX, oilChangeInputSchema } from './oil-changes.ts';
import { TASK_LIMITS } from './tasks.ts';
import { type CustomerBilling, customerBillingSchema } from './tax.ts';
import { normalizeCountryCode, normalizePhone, userInputSchema } from './users.ts';
import { normalizePlate, vehicleInputSchema } from './vehicles.ts';
import { VISIT_LIMITS } from './visits.ts';

/** What a column can be mapped to, grouped as the mapping screen shows them. */
export const IMPORT_FIELD_GROUPS = {
  customer: ['firstName', 'lastName', 'fullName', 'email', 'countryCode', 'phoneNumber', 'preferredLanguage', 'company'],
  vehicle: [
    'plateNumber',
    'plateRegion',
    'vin',
    'brand',
    'model',
    'trim',
    'year',
    'color',
    'vehicleType',
    'engineType',
    'firstRegistrationDate',
    'odometer',
    'odometerUnit',
  ],
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
/**
 * How the file writes its numbers: "1,234.50" (decimal point: English, Arabic software) or "1 234,50" /
 * "1.234,50" (decimal comma: French, German, Tunisian...). It decides only what a value's writing leaves open
 * ("12,345", "152.004"); money.ts decimalMarkOf.
 */
export const NUMBER_LOCALES = ['decimalPoint', 'decimalComma'] as const;
export type NumberLocale = (typeof NUMBER_LOCALES)[number];
export const decimalMarkOfLocale = (locale: NumberLocale): DecimalMark => (locale === 'decimalComma' ? ',' : '.');
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
   * Columns: the template has 32, LubeLogger and Shopmonkey exports fewer than 40. A cell: the longest
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
  company: ['company', 'companyname', 'business', 'businessname', 'organization', 'organisation', 'societe', 'entreprise', 'raisonsociale'],
  plateRegion: ['licenseplatestate', 'licenceplatestate', 'platestate', 'plateregion', 'registrationstate', 'registrationregion'],
  vin: ['vin', 'vinnumber', 'chassisnumber', 'chassis', 'vehicleidentificationnumber', 'numerodechassis', 'numerovin'],
  trim: ['trim', 'submodel', 'version', 'finition', 'trimlevel'],
  firstRegistrationDate: [
    'firstregistrationdate',
    'firstregistration',
    'dateoffirstregistration',
    'registrationdate',
    'miseencirculation',
    'datedemiseencirculation',
    'datepremiereimmatriculation',
  ],
  odometerUnit: ['unit', 'units', 'distanceunit', 'odometerunit', 'mileageunit', 'unite'],
  plateNumber: [
    'plate',
    'platenumber',
    'licenseplate',
    'licenceplate',
    'license',
    'registration',
    'registrationnumber',
    'immatriculation',
    'plaque',
  ],
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
  visitNotes: ['notes', 'visitnotes', 'note', 'comments', 'remarques', 'remarque', 'commentaires', 'commentaire'],
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
  company: 'Company',
  plateNumber: 'Plate',
  plateRegion: 'Plate region',
  vin: 'VIN',
  brand: 'Brand',
  model: 'Model',
  trim: 'Trim',
  year: 'Year',
  color: 'Color',
  vehicleType: 'Vehicle type',
  engineType: 'Engine type',
  firstRegistrationDate: 'First registration',
  odometer: 'Odometer',
  odometerUnit: 'Odometer unit',
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
    '',
    '12345 A 6',
    '',
    'JTDBR32E720012345',
    'Toyota',
    'Corolla',
    '1.6 VVT-i',
    '2018',
    'White',
    'CAR',
    'Petrol',
    '2018-05-02',
    '84000',
    'km',
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
    '',
    '7788 B 1',
    '',
    '',
    'Dacia',
    'Duster',
    '',
    '2021',
    'Grey',
    'CAR',
    'Diesel',
    '',
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
    'Martin Transports',
    'AB 123 CD',
    '75',
    '',
    'Peugeot',
    '308',
    '',
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

/**
 * The unit a file's odometers most likely use. Shopmonkey shops are mostly in the US, and LubeLogger's default
 * install records miles (its en-US default): both suggest miles, unless the file writes its numbers with a
 * decimal comma (a European LubeLogger, set to kilometres). Anything else: kilometres. The wizard shows it; the
 * user may change it, and a unit column decides row by row.
 */
export function presetDistanceUnit(preset: ImportPreset, numberLocale: NumberLocale | null = null): DistanceUnit {
  if (preset !== 'shopmonkey' && preset !== 'lubelogger') return 'KM';
  return numberLocale === 'decimalComma' ? 'KM' : 'MI';
}

/** "14/03/2026", "3/14/2026", "14.03.2026": day, month and year as written (null for any other shape). */
const NUMERIC_DATE = /^(\d{1,2})([/.-])(\d{1,2})[/.-](\d{4})$/;

/** What a file's values say, gathered at upload (the first rows of its mapped columns). */
export interface FileSample {
  dates: readonly string[];
  amounts: readonly string[];
  odometers: readonly string[];
}

/** A suggestion and, when the file leaves it open, the values that could be read both ways (for the wizard). */
export interface Suggestion<T> {
  /** Null when nothing in the file decides: the user must choose. */
  value: T | null;
  examples: string[];
}

const EXAMPLES = 2;

/**
 * The file's number locale, from every hint it holds: values whose writing proves their decimal mark ("1 234,50",
 * "$1,234.50", "85,5"), a group of three that cannot be decimals (an odometer "152.004"; "12,345" in a
 * two-decimal currency), then dotted dates (German), then currency signs ($ and £ before a decimal point, €
 * after a comma). Values that could be read both ways ("85,500" in TND) and no hint: null, the user chooses.
 */
export function suggestNumberLocale(sample: FileSample, currency: string): Suggestion<NumberLocale> {
  let point = 0;
  let comma = 0;
  const open: string[] = [];
  const vote = (mark: DecimalMark) => (mark === '.' ? point++ : comma++);
  const groups = (value: string): DecimalMark => (value.includes(',') ? '.' : ',');
  for (const value of sample.amounts) {
    const seen = decimalMarkOf(value);
    if (seen === 'either') {
      if (currencyDecimals(currency) < 3) vote(groups(value));
      else if (!open.includes(value.trim())) open.push(value.trim());
    } else if (seen) vote(seen);
  }
  for (const value of sample.odometers) {
    const seen = decimalMarkOf(value);
    // An odometer never shows thousandths: "152.004" is 152,004 km written in German.
    if (seen) vote(seen === 'either' ? groups(value) : seen);
  }
  const examples = open.slice(0, EXAMPLES);
  if (point !== comma) return { value: point > comma ? 'decimalPoint' : 'decimalComma', examples };
  if (point > 0) return { value: null, examples };
  if (sample.dates.some((date) => /^\d{1,2}\.\d{1,2}\.\d{4}/.test(date.trim()))) return { value: 'decimalComma', examples };
  if (sample.amounts.some((value) => /[$£]/.test(value))) return { value: 'decimalPoint', examples };
  if (sample.amounts.some((value) => /€/.test(value))) return { value: 'decimalComma', examples };
  return { value: open.length > 0 ? null : 'decimalPoint', examples };
}

/**
 * The order of a file's slashed dates, from every hint it holds: a date that reads one way only (a number
 * above 12; dots, always day first), then the numbers (every decimal-comma locale writes the day first), then
 * the exporting software at its default (LubeLogger and Shopmonkey in en-US: month first, when the amounts
 * carry a dollar). When nothing decides and some date reads two ways ("03/04/2026"), null: the user chooses.
 */
export function suggestDateOrder(
  values: Iterable<string>,
  preset: ImportPreset,
  numbers: { locale: NumberLocale | null; amounts?: readonly string[] } = { locale: null },
): Suggestion<DateOrder> {
  const open: string[] = [];
  for (const value of values) {
    const parts = NUMERIC_DATE.exec(value.trim());
    if (!parts) continue;
    const [first, second] = [Number(parts[1]), Number(parts[3])];
    if (parts[2] === '.' || (first > 12 && second <= 12)) return { value: 'dayFirst', examples: [] };
    if (second > 12 && first <= 12) return { value: 'monthFirst', examples: [] };
    if (first !== second && open.length < EXAMPLES && !open.includes(value.trim())) open.push(value.trim());
  }
  if (open.length === 0) return { value: 'dayFirst', examples: [] };
  if (numbers.locale === 'decimalComma') return { value: 'dayFirst', examples: open };
  const american = (numbers.amounts ?? []).some((amount) => amount.includes('$'));
  if ((preset === 'lubelogger' || preset === 'shopmonkey') && american) return { value: 'monthFirst', examples: open };
  return { value: null, examples: open };
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
  /** The unit of the file's odometers (a row's unit column, when mapped, wins for that row). */
  distanceUnit: z.enum(DISTANCE_UNITS).default('KM'),
  /** Absent: the order the file's dates show (suggestedDateOrder); refused when they leave it open. */
  dateOrder: z.enum(DATE_ORDERS).nullish(),
  /** Absent: the file's own (suggestedNumberLocale); refused when its numbers leave it open. */
  numberLocale: z.enum(NUMBER_LOCALES).nullish(),
  /** The vehicle of every row when the file has no plate column (a LubeLogger export is one vehicle's records). */
  vehiclePlate: z.string().trim().max(LIMITS.plateMax).optional(),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;
/** The options a pass runs with: the date order and number locale decided (by the user or by the file). */
export type ResolvedImportOptions = Omit<ImportOptions, 'dateOrder' | 'numberLocale'> & {
  dateOrder: DateOrder;
  numberLocale: NumberLocale;
};
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
/** What was imported differently from the file (a note cut at its limit, an invalid VIN left out): same shape. */
export type ImportRowWarning = ImportRowError;

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
  /** How the file was read: "UTF-8", "UTF-8 (BOM)", "UTF-16LE", "Windows-1252"...; null for a workbook. */
  encoding: z.string().nullable(),
  suggestedDistanceUnit: z.enum(DISTANCE_UNITS),
  /** Null when the file's dates read two ways and nothing in it decides: the wizard asks, a run is refused meanwhile. */
  suggestedDateOrder: z.enum(DATE_ORDERS).nullable(),
  /** Up to two dates of the file that read two ways ("03/04/2026"), for the wizard to show both readings. */
  dateExamples: z.array(z.string()),
  /** Null when the file's numbers read two ways ("85,500") and nothing decides: asked as the date order is. */
  suggestedNumberLocale: z.enum(NUMBER_LOCALES).nullable(),
  numberExamples: z.array(z.string()),
  /** For phones written without a country code: the uploader's own, else the one most customers have. */
  suggestedCountryCode: z.string(),
  /** Rows read so far in the current pass, and in the file (known after validation). */
  processedRows: z.number(),
  totalRows: z.number().nullable(),
  validRows: z.number(),
  invalidRows: z.number(),
  errors: z.array(importRowErrorSchema),
  /** Rows imported with a change (a note cut, an invalid VIN left out), at most errorsKept of them. */
  warnings: z.array(importRowErrorSchema),
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
      numberLocale: z.enum(NUMBER_LOCALES),
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
  encodingUnknown: 'This file is not UTF-8 and its encoding could not be recognised: save it as "CSV UTF-8" and import it again',
  dateOrderNeeded: 'The dates of this file can be read day first or month first: choose how to read them',
  numberLocaleNeeded: 'The numbers of this file can be read with a decimal point or a decimal comma: choose how to read them',
  textCut: 'This text had {length} characters: only the first {maxLength} were imported',
  vinInvalid: 'This VIN is not valid ({vin}): the vehicle was imported without it',
  vinTaken: 'Another vehicle already has this VIN: this vehicle was imported without it',
  unitUnknown: 'Write the unit as km or mi',
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
  /** A business customer's billing details (User.billing), from a company column: its name, nothing else yet. */
  billing: CustomerBilling | null;
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
  /** Normalised (vin.ts); null when the file has none or an invalid one (a row warning). */
  vin: string | null;
  trim: string | null;
  plateRegion: string | null;
  firstRegistrationDate: string | null;
  /** The unit its odometer shows: the row's unit column, else the file's. */
  distanceUnit: DistanceUnit;
  /** Whether the row named its unit (only then does an update change a known vehicle's unit). */
  unitFromRow: boolean;
}
export interface ImportVisit {
  name: string;
  visitDate: string;
  totalCents: number;
  paidCents: number;
  notes: string | null;
  /** The row's odometer, in km: the reading when the car came in (LubeLogger records carry one each). */
  odometerInKm: number | null;
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
  companyName: 'company',
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

/** Columns of Vehicle that are text of at most 50 characters (schema.prisma). */
const VEHICLE_TEXT_MAX = 50;
const COMPANY_MAX = 200;

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
const anyPresent = (row: RawRow, fields: readonly ImportField[]) => fields.some((field) => present(row[field]));

/** "1,234.50", "1234,50", "$ 85" → 85.5; null for empty; NaN when unreadable. (The parts catalogue's reader.) */
export function parseDecimal(value: string | undefined): number | null {
  if (!present(value)) return null;
  let text = value.replace(/[^\d.,-]/g, '');
  // A comma followed by one or two final digits is a decimal comma ("1.234,50", "85,5"); other commas group thousands.
  if (/,\d{1,2}$/.test(text)) text = text.replace(/\./g, '').replace(',', '.');
  else text = text.replace(/,/g, '');
  return text === '' || text === '-' ? Number.NaN : Number(text);
}

/**
 * ISO (2026-03-14, with or without time), 14/03/2026 or 3/14/2026 (slashes and dashes follow `order`; dots are
 * always day first, as in 14.03.2026) or an Excel serial day → "YYYY-MM-DD". Undefined when it is no date.
 */
export function parseImportDate(value: string | undefined, order: DateOrder = 'dayFirst'): string | null | undefined {
  if (!present(value)) return null;
  const text = value.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/.exec(text);
  const numeric = NUMERIC_DATE.exec(text);
  let day: string | undefined;
  if (iso) day = `${iso[1]}-${iso[2]!.padStart(2, '0')}-${iso[3]!.padStart(2, '0')}`;
  else if (numeric) {
    const monthFirst = order === 'monthFirst' && numeric[2] !== '.';
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

/** "km", "Kilometres", "miles", "mi." → the unit; undefined when it is neither. */
export function parseDistanceUnit(value: string): DistanceUnit | undefined {
  const word = value
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f.]/g, '');
  if (/^(km|kms|k|kilomet(er|re)s?|kilometrage)$/.test(word) || word === 'كم') return 'KM';
  if (/^(mi|mis|mile|miles|mls?)$/.test(word) || word === 'ميل') return 'MI';
  return undefined;
}

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
  return issues.map((issue) => ({ field: FIELD_OF[String(issue.path[1] ?? issue.path[0])] ?? fallback, message: issue.message }));
}

/** A reading in `unit`, written in the file's locale ("152.004", "152 004", "152004.5"), as whole km. */
function kilometres(
  value: string | undefined,
  unit: DistanceUnit,
  mark: DecimalMark,
  field: ImportField,
  problems: FieldProblem[],
): number | null {
  if (!present(value)) return null;
  const seen = decimalMarkOf(value);
  // An odometer never shows thousandths: a lone group of three is thousands whatever the locale ("152.004").
  const plain = plainDecimal(value, seen === 'either' ? (value.includes(',') ? '.' : ',') : mark);
  const number = plain === null ? Number.NaN : Number(plain);
  if (!Number.isFinite(number) || number < 0) {
    problems.push({ field, message: msg('number', { fieldName: field }) });
    return null;
  }
  const km = unitToKm(number, unit);
  if (km > KM_MAX) {
    problems.push({ field, message: msg('maxValue', { fieldName: field, maxValue: KM_MAX }) });
    return null;
  }
  return km;
}

/** An amount in the shop's currency, written in the file's locale ("85,500 DT" in TND), as minor units (money.ts). */
function minorUnits(
  value: string | undefined,
  field: ImportField,
  problems: FieldProblem[],
  currency: string,
  mark: DecimalMark,
): number | null {
  if (!present(value)) return null;
  const minor = parseAmountToMinor(value, currency, mark);
  if (minor === null || !Number.isFinite(minor)) problems.push({ field, message: msg('number', { fieldName: field }) });
  else if (minor < 0) problems.push({ field, message: msg('minValue', { fieldName: field, minValue: 0 }) });
  else if (minor > TASK_LIMITS.moneyMaxCents)
    problems.push({
      field,
      message: msg('maxValue', { fieldName: field, maxValue: formatMinorPlain(TASK_LIMITS.moneyMaxCents, currency) }),
    });
  else return minor;
  return null;
}

/** A text kept up to `max` characters: what is cut is a row warning (the record is kept), never a lost row. */
function keptText(value: string | undefined, max: number, field: ImportField, warnings: FieldProblem[]): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  if (text.length <= max) return text;
  warnings.push({ field, message: encodeMessage('import.textCut', { length: text.length, maxLength: max }) });
  return text.slice(0, max);
}

/** Dashes, dots, slashes and underscores between a plate's groups → single spaces (SPEC: letters and digits). */
export const plateWithSpaces = (plate: string) =>
  plate
    .replace(/[-./_·|\\]+/g, ' ')
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

/** A VIN as the file writes it: normalised; an invalid one is left out with a warning, a wrong check digit warns. */
function readVin(value: string | undefined, warnings: FieldProblem[]): string | null {
  if (!present(value)) return null;
  const vin = normaliseVin(value);
  if (vinProblem(vin)) {
    warnings.push({ field: 'vin', message: encodeMessage('import.vinInvalid', { vin: value.trim().slice(0, 30) }) });
    return null;
  }
  if (checkDigitStatus(vin) === 'invalid') warnings.push({ field: 'vin', message: encodeMessage('vin.checkDigit') });
  return vin;
}

/**
 * Validates one mapped row. Parts a row does not touch stay null; a row touching none is an error. What is
 * imported differently from the file (a note cut at its limit, an invalid VIN left out) is a warning.
 */
export function validateImportRow(
  row: RawRow,
  options: Pick<ImportOptions, 'defaultCountryCode' | 'distanceUnit'> & {
    dateOrder?: DateOrder;
    /** How the file writes its numbers (decimal point when not given). */
    numberLocale?: NumberLocale;
    phoneOptional?: boolean;
    /** The shop's currency: amounts are read with its decimals (USD's 2 when not given). */
    currency?: string;
  },
): { record: ImportRecord; problems: FieldProblem[]; warnings: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const warnings: FieldProblem[] = [];
  const record: ImportRecord = { customer: null, vehicle: null, visit: null, oilChange: null };
  const mark = decimalMarkOfLocale(options.numberLocale ?? 'decimalPoint');

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
    const companyName = keptText(row.company, COMPANY_MAX, 'company', warnings);
    const billing = companyName ? customerBillingSchema.safeParse({ companyName, address: {}, identifiers: {} }) : null;
    if (billing && !billing.success) problems.push(...issuesToProblems(billing.error.issues, 'company'));
    if (parsed.success) {
      const data = parsed.data as z.output<typeof customerSchema>;
      record.customer = {
        ...data,
        email: data.email || null,
        countryCode: withoutPhone ? null : data.countryCode,
        phoneNumber: withoutPhone ? null : data.phoneNumber,
        billing: billing?.success ? billing.data : null,
      };
    } else problems.push(...issuesToProblems(parsed.error.issues, 'firstName'));
  }

  const rowUnit = present(row.odometerUnit) ? parseDistanceUnit(row.odometerUnit) : undefined;
  if (present(row.odometerUnit) && !rowUnit) problems.push({ field: 'odometerUnit', message: 'import.unitUnknown' });
  const unit = rowUnit ?? options.distanceUnit;
  const odometerKm = kilometres(row.odometer, unit, mark, 'odometer', problems);
  if (anyPresent(row, IMPORT_FIELD_GROUPS.vehicle)) {
    const details: ImportField[] = ['brand', 'model', 'year', 'color', 'vehicleType', 'engineType'];
    const reference = present(row.plateNumber) && !anyPresent(row, details);
    const type = pickEnum(row.vehicleType, VEHICLE_TYPES, 'CAR');
    if (!type) problems.push({ field: 'vehicleType', message: msg('format', { fieldName: 'type' }) });
    const year = present(row.year) ? Number(row.year.trim()) : undefined;
    const firstRegistrationDate = parseImportDate(row.firstRegistrationDate, options.dateOrder);
    if (firstRegistrationDate === undefined)
      problems.push({ field: 'firstRegistrationDate', message: msg('format', { fieldName: 'firstRegistrationDate' }) });
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
    if (parsed.success)
      record.vehicle = {
        ...parsed.data,
        plateKey: normalizePlate(parsed.data.plateNumber),
        reference,
        odometerKm,
        vin: readVin(row.vin, warnings),
        trim: keptText(row.trim, VEHICLE_TEXT_MAX, 'trim', warnings),
        plateRegion: keptText(row.plateRegion, VEHICLE_TEXT_MAX, 'plateRegion', warnings),
        firstRegistrationDate: firstRegistrationDate ?? null,
        distanceUnit: unit,
        unitFromRow: rowUnit !== undefined,
      };
    else problems.push(...issuesToProblems(parsed.error.issues, 'plateNumber'));
  }

  if (anyPresent(row, IMPORT_FIELD_GROUPS.visit)) {
    const visitDate = parseImportDate(row.visitDate, options.dateOrder);
    if (visitDate === undefined) problems.push({ field: 'visitDate', message: msg('format', { fieldName: 'visitDate' }) });
    else if (visitDate === null) problems.push({ field: 'visitDate', message: msg('required', { fieldName: 'visitDate' }) });
    const name = (row.visitName?.trim() || IMPORT_DEFAULTS.visitName).slice(0, VISIT_LIMITS.nameMax);
    if (name.length < LIMITS.visitNameMin)
      problems.push({ field: 'visitName', message: msg('minLength', { fieldName: 'name', minLength: LIMITS.visitNameMin }) });
    // LubeLogger's notes have no limit: a longer one is kept up to the visit's limit, with a warning.
    const notes = keptText(row.visitNotes, VISIT_LIMITS.notesMax, 'visitNotes', warnings);
    const currency = options.currency ?? 'USD';
    const totalCents = minorUnits(row.visitTotal, 'visitTotal', problems, currency, mark);
    const paid = minorUnits(row.visitPaid, 'visitPaid', problems, currency, mark);
    if (visitDate)
      record.visit = { name, visitDate, totalCents: totalCents ?? 0, paidCents: paid ?? totalCents ?? 0, notes, odometerInKm: odometerKm };
  }

  if (anyPresent(row, ['oilName', 'oilType', 'oilKm', 'oilNextKm', 'oilDate'])) {
    const oilDate = parseImportDate(row.oilDate, options.dateOrder);
    if (oilDate === undefined) problems.push({ field: 'oilDate', message: msg('format', { fieldName: 'oilDate' }) });
    const currentKm = kilometres(row.oilKm, unit, mark, 'oilKm', problems) ?? odometerKm;
    const nextKm = kilometres(row.oilNextKm, unit, mark, 'oilNextKm', problems);
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
  return { record, problems, warnings };
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
