// Demo parts and inventory: labour rates, markup bands, suppliers, ~300 parts, purchase orders in every state,
// the catalogue items' default lines and the demo tasks' part and labour lines, with stock that is explained:
// every part's stock on hand is the sum of its movements (opening stock counted, orders received, parts used
// on completed tasks), checked at the end. Deterministic (own random sequence, seedId ids), so the rest of the
// demo's random draws are unchanged.
//
// demo.ts prices each task from its lines (demoJobLines) before it writes the visit totals and payments, then
// calls seedDemoInventory once the tasks exist. Stock states follow inventory-rules.ts wantedLineStock:
// completed tasks USED (a USED movement each), open ones RESERVED (BACKORDERED when the stock is not there),
// proposals and cancelled work QUOTED.
import {
  averageCostAfterReceipt,
  isCommittedWork,
  isValidBarcode,
  lineTotalCents,
  partSellingPriceCents,
  wantedLineStock,
  type MarkupBand,
  type PartLineStock,
  type PartUnit,
  type TaskApproval,
  type TaskStatus,
} from '@garage/shared';
import type { Prisma } from '../generated/prisma/client.ts';
import { createRandom, seedId } from './ids.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

// ─── Catalogue data ─────────────────────────────────────────────────────────────────────────────────────

export const DEMO_LABOUR_RATES = [
  { key: 'mechanical', name: 'Mechanical', rateCents: 8_500, isDefault: true },
  { key: 'diagnostics', name: 'Diagnostics', rateCents: 9_500, isDefault: false },
  { key: 'body', name: 'Body work', rateCents: 7_500, isDefault: false },
] as const;
type RateKey = (typeof DEMO_LABOUR_RATES)[number]['key'];

/** Up to 10.00: 80 %, up to 50.00: 50 %, up to 200.00: 35 %, above: 25 %. */
export const DEMO_MARKUP_BANDS: readonly MarkupBand[] = [
  { upToCostCents: 1_000, markupBasisPoints: 8_000 },
  { upToCostCents: 5_000, markupBasisPoints: 5_000 },
  { upToCostCents: 20_000, markupBasisPoints: 3_500 },
  { upToCostCents: null, markupBasisPoints: 2_500 },
];

const SUPPLIERS = [
  { key: 'autodis-lyon', name: 'Autodis Lyon Pièces', contactName: 'Marc Giraud', phone: '+33 4 72 10 20 30', leadTimeDays: 2 },
  { key: 'atlas-pieces', name: 'Atlas Pièces Casablanca', contactName: 'Said Benjelloun', phone: '+212 522 40 50 60', leadTimeDays: 3 },
  { key: 'euro-filtration', name: 'Euro Filtration Distribution', contactName: 'Anna Schmidt', phone: '+49 711 555 0140', leadTimeDays: 5 },
  { key: 'freinage-rhone', name: 'Freinage Rhône-Alpes', contactName: 'Julien Perrin', phone: '+33 4 78 60 70 80', leadTimeDays: 2 },
  { key: 'global-tyre', name: 'Global Tyre Supply', contactName: 'Ben Walker', phone: '+44 20 7946 0321', leadTimeDays: 4 },
  { key: 'lubrifiants-sud', name: 'Lubrifiants du Sud', contactName: 'Claire Fabre', phone: '+33 4 91 22 33 44', leadTimeDays: 3 },
  { key: 'maghreb-auto', name: 'Maghreb Auto Parts Tanger', contactName: 'Nabil Tazi', phone: '+212 539 30 40 50', leadTimeDays: 6 },
  { key: 'nordic-battery', name: 'Nordic Battery Trading', contactName: 'Erik Lund', phone: '+46 8 123 456 70', leadTimeDays: 7 },
] as const;
type SupplierKey = (typeof SUPPLIERS)[number]['key'];

/** The demo vehicles' brands (demo.ts BRANDS): engine and chassis families a part fits. */
const ENGINE_FIT: Record<string, string> = {
  Renault: 'Renault 1.5 dCi',
  Peugeot: 'Peugeot 1.6 HDi',
  Volkswagen: 'VW 2.0 TDI',
  Toyota: 'Toyota 1.8 VVT-i',
  Ford: 'Ford 1.0 EcoBoost',
  Dacia: 'Dacia 1.2 16V',
  Hyundai: 'Hyundai 1.6 CRDi',
  Mercedes: 'Mercedes 2.1 CDI',
};
const CHASSIS_FIT: Record<string, string> = {
  Renault: 'Renault Clio / Megane',
  Peugeot: 'Peugeot 208 / 308',
  Volkswagen: 'VW Golf / Polo',
  Toyota: 'Toyota Corolla / RAV4',
  Ford: 'Ford Focus / Transit',
  Dacia: 'Dacia Logan / Duster',
  Hyundai: 'Hyundai i20 / Tucson',
  Mercedes: 'Mercedes C-Class / Sprinter',
};
const VEHICLE_BRANDS = Object.keys(ENGINE_FIT);

/**
 * A family of parts: one part per brand × variant. `cost` is the range of a unit's cost in cents; `price`
 * a fixed selling price factor (null: the markup bands decide). Stock in the part's unit.
 */
interface Family {
  key: string;
  category: string;
  prefix: string;
  name: string;
  brands: readonly string[];
  variants: readonly string[];
  unit: PartUnit;
  cost: readonly [number, number];
  /** A fixed price as cost × factor (tyres, batteries are priced by hand), else null. */
  priceFactor?: number;
  suppliers: readonly SupplierKey[];
  bin: string;
  /** Reorder point and quantity in the unit; opening stock is drawn around them. */
  reorder: readonly [point: number, quantity: number];
}

const engines = VEHICLE_BRANDS.map((brand) => ENGINE_FIT[brand]!);
const chassis = VEHICLE_BRANDS.map((brand) => CHASSIS_FIT[brand]!);

const FAMILIES: readonly Family[] = [
  {
    key: 'oil-filter',
    category: 'Filters',
    prefix: 'OF',
    name: 'Oil filter',
    brands: ['Bosch', 'Mann-Filter', 'Mahle', 'Purflux'],
    variants: engines,
    unit: 'PIECE',
    cost: [450, 1_100],
    suppliers: ['euro-filtration', 'autodis-lyon'],
    bin: 'A-01',
    reorder: [4, 10],
  },
  {
    key: 'air-filter',
    category: 'Filters',
    prefix: 'AF',
    name: 'Air filter',
    brands: ['Bosch', 'Mann-Filter', 'Purflux'],
    variants: engines,
    unit: 'PIECE',
    cost: [700, 1_800],
    suppliers: ['euro-filtration', 'atlas-pieces'],
    bin: 'A-02',
    reorder: [3, 8],
  },
  {
    key: 'cabin-filter',
    category: 'Filters',
    prefix: 'CF',
    name: 'Cabin filter',
    brands: ['Bosch', 'Mann-Filter'],
    variants: chassis,
    unit: 'PIECE',
    cost: [800, 1_900],
    suppliers: ['euro-filtration'],
    bin: 'A-03',
    reorder: [2, 6],
  },
  {
    key: 'fuel-filter',
    category: 'Filters',
    prefix: 'FF',
    name: 'Fuel filter',
    brands: ['Bosch', 'Purflux'],
    variants: engines.slice(0, 6),
    unit: 'PIECE',
    cost: [1_200, 3_200],
    suppliers: ['euro-filtration', 'maghreb-auto'],
    bin: 'A-04',
    reorder: [2, 5],
  },
  {
    key: 'brake-pads-front',
    category: 'Brakes',
    prefix: 'BP',
    name: 'Brake pads front',
    brands: ['Brembo', 'TRW', 'Ferodo'],
    variants: chassis,
    unit: 'SET',
    cost: [1_900, 4_200],
    suppliers: ['freinage-rhone', 'atlas-pieces'],
    bin: 'B-01',
    reorder: [2, 6],
  },
  {
    key: 'brake-pads-rear',
    category: 'Brakes',
    prefix: 'BR',
    name: 'Brake pads rear',
    brands: ['Brembo', 'TRW'],
    variants: chassis,
    unit: 'SET',
    cost: [1_600, 3_600],
    suppliers: ['freinage-rhone'],
    bin: 'B-02',
    reorder: [1, 4],
  },
  {
    key: 'brake-discs',
    category: 'Brakes',
    prefix: 'BD',
    name: 'Brake discs front (pair)',
    brands: ['Brembo', 'TRW'],
    variants: chassis,
    unit: 'SET',
    cost: [4_800, 9_800],
    suppliers: ['freinage-rhone', 'maghreb-auto'],
    bin: 'B-03',
    reorder: [1, 2],
  },
  {
    key: 'brake-fluid',
    category: 'Brakes',
    prefix: 'BF',
    name: 'Brake fluid',
    brands: ['ATE', 'Bosch'],
    variants: ['DOT 4'],
    unit: 'LITRE',
    cost: [650, 900],
    suppliers: ['freinage-rhone'],
    bin: 'F-04',
    reorder: [5, 12],
  },
  {
    key: 'wiper-blade',
    category: 'Wiper blades',
    prefix: 'WB',
    name: 'Wiper blade',
    brands: ['Bosch Aerotwin', 'Valeo Silencio'],
    variants: ['400 mm', '450 mm', '500 mm', '550 mm', '600 mm', '650 mm', '700 mm'],
    unit: 'PIECE',
    cost: [650, 1_500],
    suppliers: ['autodis-lyon', 'atlas-pieces'],
    bin: 'C-01',
    reorder: [3, 10],
  },
  {
    key: 'wiper-rear',
    category: 'Wiper blades',
    prefix: 'WR',
    name: 'Rear wiper blade',
    brands: ['Bosch', 'Valeo'],
    variants: ['280 mm', '350 mm'],
    unit: 'PIECE',
    cost: [450, 900],
    suppliers: ['autodis-lyon'],
    bin: 'C-02',
    reorder: [2, 6],
  },
  {
    key: 'bulb',
    category: 'Bulbs',
    prefix: 'BL',
    name: 'Bulb',
    brands: ['Philips', 'Osram'],
    variants: ['H1 12V 55W', 'H4 12V 60/55W', 'H7 12V 55W', 'H11 12V 55W', 'W5W 12V', 'P21W 12V', 'PY21W 12V', 'D1S Xenon', 'D3S Xenon'],
    unit: 'PIECE',
    cost: [150, 4_800],
    suppliers: ['autodis-lyon', 'maghreb-auto'],
    bin: 'C-04',
    reorder: [4, 10],
  },
  {
    key: 'battery',
    category: 'Batteries',
    prefix: 'BT',
    name: 'Battery',
    brands: ['Varta', 'Bosch', 'Exide'],
    variants: ['12V 44Ah', '12V 60Ah', '12V 70Ah', '12V 74Ah', '12V 95Ah', '12V 70Ah AGM', '12V 80Ah AGM'],
    unit: 'PIECE',
    cost: [5_200, 15_500],
    priceFactor: 1.45,
    suppliers: ['nordic-battery', 'atlas-pieces'],
    bin: 'D-01',
    reorder: [1, 4],
  },
  {
    key: 'timing-kit',
    category: 'Belts',
    prefix: 'TB',
    name: 'Timing belt kit',
    brands: ['Gates', 'Dayco'],
    variants: engines,
    unit: 'SET',
    cost: [6_500, 14_000],
    suppliers: ['autodis-lyon', 'maghreb-auto'],
    bin: 'E-01',
    reorder: [1, 2],
  },
  {
    key: 'aux-belt',
    category: 'Belts',
    prefix: 'AB',
    name: 'Auxiliary belt',
    brands: ['Gates'],
    variants: ['6PK1035', '6PK1200', '6PK1538', '6PK1870', '5PK1120', '4PK855'],
    unit: 'PIECE',
    cost: [1_100, 2_600],
    suppliers: ['autodis-lyon'],
    bin: 'E-02',
    reorder: [1, 3],
  },
  {
    key: 'water-pump',
    category: 'Belts',
    prefix: 'WP',
    name: 'Water pump',
    brands: ['SKF'],
    variants: engines,
    unit: 'PIECE',
    cost: [3_200, 7_800],
    suppliers: ['autodis-lyon', 'maghreb-auto'],
    bin: 'E-03',
    reorder: [1, 2],
  },
  {
    key: 'spark-plug',
    category: 'Spark plugs',
    prefix: 'SP',
    name: 'Spark plug',
    brands: ['NGK', 'Bosch', 'Denso'],
    variants: ['BKR6E', 'Iridium IX', 'Laser Platinum', 'Double Platinum', 'Standard'],
    unit: 'PIECE',
    cost: [350, 1_400],
    suppliers: ['autodis-lyon', 'euro-filtration'],
    bin: 'C-05',
    reorder: [8, 24],
  },
  {
    key: 'engine-oil',
    category: 'Engine oil',
    prefix: 'EO',
    name: 'Engine oil',
    brands: ['Castrol Edge', 'Total Quartz', 'Mobil 1', 'Motul 8100', 'Shell Helix'],
    variants: ['5W-30', '5W-40'],
    unit: 'LITRE',
    cost: [520, 980],
    suppliers: ['lubrifiants-sud'],
    bin: 'F-01',
    reorder: [40, 208],
  },
  {
    key: 'coolant',
    category: 'Coolant',
    prefix: 'CO',
    name: 'Coolant',
    brands: ['Total Coolelf', 'Motul Inugel'],
    variants: ['G12 ready to use', 'G11 ready to use'],
    unit: 'LITRE',
    cost: [300, 520],
    suppliers: ['lubrifiants-sud'],
    bin: 'F-02',
    reorder: [15, 60],
  },
  {
    key: 'washer-fluid',
    category: 'Coolant',
    prefix: 'WF',
    name: 'Screen wash',
    brands: ['Total'],
    variants: ['-20 °C'],
    unit: 'LITRE',
    cost: [120, 180],
    suppliers: ['lubrifiants-sud'],
    bin: 'F-03',
    reorder: [20, 60],
  },
  {
    key: 'refrigerant',
    category: 'Air conditioning',
    prefix: 'AC',
    name: 'Refrigerant',
    brands: ['Honeywell'],
    variants: ['R134a', 'R1234yf'],
    unit: 'KILOGRAM',
    cost: [2_200, 9_500],
    suppliers: ['autodis-lyon'],
    bin: 'F-05',
    reorder: [3, 10],
  },
  {
    key: 'tyre',
    category: 'Tyres',
    prefix: 'TY',
    name: 'Tyre',
    brands: ['Michelin Primacy 4', 'Continental EcoContact 6', 'Hankook Kinergy'],
    variants: ['185/65 R15 88H', '195/65 R15 91V', '205/55 R16 91V', '215/60 R16 99H', '225/45 R17 94W', '215/65 R16C 109T'],
    unit: 'PIECE',
    cost: [4_800, 11_000],
    priceFactor: 1.4,
    suppliers: ['global-tyre'],
    bin: 'T-01',
    reorder: [4, 8],
  },
  {
    key: 'clutch-kit',
    category: 'Clutch',
    prefix: 'CK',
    name: 'Clutch kit',
    brands: ['Valeo', 'LuK'],
    variants: engines,
    unit: 'SET',
    cost: [14_000, 32_000],
    suppliers: ['maghreb-auto', 'autodis-lyon'],
    bin: 'E-04',
    reorder: [0, 1],
  },
];

export interface DemoPart {
  id: string;
  family: string;
  /** The vehicle brand it fits (engine or chassis variants), else null. */
  fits: string | null;
  partNumber: string;
  name: string;
  brand: string;
  category: string;
  barcode: string;
  unit: PartUnit;
  /** The cost it was counted and is ordered at. */
  baseCostCents: number;
  priceCents: number | null;
  binLocation: string;
  reorderPointMilli: number | null;
  reorderQuantityMilli: number | null;
  supplierKey: SupplierKey;
}

/** GS1 check digit of 12 digits: an EAN-13 the scanners accept. */
function ean13(first12: string): string {
  const sum = [...first12].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

let cachedParts: DemoPart[] | undefined;

/** The ~300 demo parts, the same on every call (pure, cached). */
export function demoParts(): DemoPart[] {
  if (cachedParts) return cachedParts;
  const random = createRandom(20261126);
  const parts: DemoPart[] = [];
  const brandCodes = new Map<string, number>();
  let barcodeSequence = 0;
  for (const family of FAMILIES) {
    let number = family.key === 'oil-filter' ? 1002 : 1001;
    family.variants.forEach((variant, variantIndex) => {
      family.brands.forEach((brand, brandIndex) => {
        const makerBrand = brand.split(' ')[0]!;
        if (!brandCodes.has(makerBrand)) brandCodes.set(makerBrand, brandCodes.size);
        const maker = brandCodes.get(makerBrand)!;
        // Country prefix and maker code from the brand, then the item: unique, check digit computed.
        const barcode = ean13(
          `${String(300 + maker * 7).padStart(3, '0')}${String(2000 + maker).padStart(4, '0')}${String(++barcodeSequence).padStart(5, '0')}`,
        );
        const cost = random.int(family.cost[0], family.cost[1]);
        const fitsIndex = family.variants === engines || family.variants === chassis ? variantIndex : -1;
        const [point, quantity] = family.reorder;
        parts.push({
          id: seedId(`part:${family.prefix}-${number}`),
          family: family.key,
          fits: fitsIndex >= 0 ? VEHICLE_BRANDS[fitsIndex]! : null,
          partNumber: `${family.prefix}-${number++}`,
          name: `${family.name} ${variant}`,
          brand,
          category: family.category,
          barcode,
          unit: family.unit,
          // Litres and kilograms are bought in bulk: their cost is per unit, to the cent.
          baseCostCents: cost,
          priceCents: family.priceFactor ? Math.round((cost * family.priceFactor) / 100) * 100 - 1 : null,
          binLocation: `${family.bin}-${(variantIndex % 6) + 1}`,
          // A reorder point of 0: ordered for a job when needed (clutch kits), never proposed by low stock.
          reorderPointMilli: point > 0 ? point * 1000 : null,
          reorderQuantityMilli: point > 0 ? quantity * 1000 : null,
          supplierKey: family.suppliers[(variantIndex + brandIndex) % family.suppliers.length]!,
        });
      });
    });
  }
  // The e2e journeys scan this one: its number and barcode are fixed.
  parts.unshift({
    id: seedId('part:OF-1001'),
    family: 'oil-filter-universal',
    fits: null,
    partNumber: 'OF-1001',
    name: 'Oil filter',
    brand: 'Bosch',
    category: 'Filters',
    barcode: '4006381333931',
    unit: 'PIECE',
    baseCostCents: 620,
    priceCents: null,
    binLocation: 'A-01-1',
    reorderPointMilli: 6_000,
    reorderQuantityMilli: 20_000,
    supplierKey: 'euro-filtration',
  });
  for (const part of parts) {
    if (!isValidBarcode(part.barcode)) throw new Error(`Demo part ${part.partNumber}: invalid barcode ${part.barcode}`);
  }
  if (new Set(parts.map((part) => part.barcode)).size !== parts.length) throw new Error('Demo parts: duplicate barcode');
  cachedParts = parts;
  return parts;
}

// ─── Jobs as lines ──────────────────────────────────────────────────────────────────────────────────────

type JobPart = { family: string; quantity: number };
type JobLabour = { rate: RateKey; hours: number; description: string };
/** What each demo job (task-library.ts titles and the proposals of approvals.ts) is made of. */
const JOBS: Record<string, { parts: JobPart[]; labour: JobLabour[] }> = {
  'Oil and filter change': {
    parts: [
      { family: 'oil-filter', quantity: 1 },
      { family: 'engine-oil', quantity: 4.5 },
    ],
    labour: [{ rate: 'mechanical', hours: 0.5, description: 'Drain, replace the filter, refill' }],
  },
  'Brake pads replacement (front)': {
    parts: [{ family: 'brake-pads-front', quantity: 1 }],
    labour: [{ rate: 'mechanical', hours: 1, description: 'Replace front pads, check discs' }],
  },
  'Full vehicle inspection': {
    parts: [{ family: 'washer-fluid', quantity: 2 }],
    labour: [{ rate: 'diagnostics', hours: 1, description: 'Multi-point inspection' }],
  },
  'Air-conditioning recharge': {
    parts: [{ family: 'refrigerant', quantity: 0.55 }],
    labour: [{ rate: 'mechanical', hours: 0.75, description: 'Leak test, evacuate and recharge' }],
  },
  'Timing belt replacement': {
    parts: [
      { family: 'timing-kit', quantity: 1 },
      { family: 'water-pump', quantity: 1 },
      { family: 'coolant', quantity: 3 },
    ],
    labour: [{ rate: 'mechanical', hours: 3.5, description: 'Replace timing belt kit and water pump' }],
  },
  'Wheel alignment': { parts: [], labour: [{ rate: 'mechanical', hours: 1, description: 'Four-wheel alignment' }] },
  'Battery replacement': {
    parts: [{ family: 'battery', quantity: 1 }],
    labour: [{ rate: 'mechanical', hours: 0.3, description: 'Replace battery, reset electronics' }],
  },
  'Diagnostic scan': { parts: [], labour: [{ rate: 'diagnostics', hours: 0.5, description: 'Computer diagnostic scan' }] },
  'Clutch replacement': {
    parts: [{ family: 'clutch-kit', quantity: 1 }],
    labour: [{ rate: 'mechanical', hours: 5, description: 'Remove gearbox, replace clutch kit' }],
  },
  'Spark plugs replacement': {
    parts: [{ family: 'spark-plug', quantity: 4 }],
    labour: [{ rate: 'mechanical', hours: 0.5, description: 'Replace spark plugs' }],
  },
  'Replace front wiper blades': {
    parts: [{ family: 'wiper-blade', quantity: 2 }],
    labour: [{ rate: 'mechanical', hours: 0.2, description: 'Fit wiper blades' }],
  },
  'Brake fluid flush': {
    parts: [{ family: 'brake-fluid', quantity: 1 }],
    labour: [{ rate: 'mechanical', hours: 0.5, description: 'Bleed and refill the brake circuit' }],
  },
};

export interface DemoLine {
  id: string;
  taskId: string;
  position: number;
  kind: 'PART' | 'LABOUR';
  description: string;
  partId: string | null;
  partNumber: string | null;
  labourRateId: string | null;
  quantityMilli: number;
  unitCostCents: number;
  unitPriceCents: number;
  totalCents: number;
}

/** A demo line with what its stock state depends on (its task). */
export interface PlannedLine extends DemoLine {
  status: TaskStatus;
  approval: TaskApproval | null;
  createdAt: Date;
  /** When a completed task used its parts. */
  completedOn: Date | null;
}

/**
 * The lines of a demo job on a vehicle of `vehicleBrand` (a part that fits it when there is one), and the
 * task's price and cost as their sums, the way task-lines.service.ts writes them. `variant` varies the brand
 * of the parts between tasks. Null for a title without a known recipe.
 */
export function demoJobLines(
  taskId: string,
  title: string,
  vehicleBrand: string,
  variant: number,
): { lines: DemoLine[]; soldForCents: number; costCents: number } | null {
  const job = JOBS[title];
  if (!job) return null;
  const parts = demoParts();
  const lines: DemoLine[] = [];
  for (const wanted of job.parts) {
    const family = parts.filter((part) => part.family === wanted.family);
    const fitting = family.filter((part) => part.fits === vehicleBrand);
    const choices = fitting.length ? fitting : family;
    // Oil and spark plugs: the shop keeps a few references and uses them; the others vary by task.
    const part = choices[variant % Math.min(choices.length, wanted.family === 'engine-oil' ? 2 : 3)]!;
    const quantityMilli = Math.round(wanted.quantity * 1000);
    const unitPriceCents = partSellingPriceCents({ priceCents: part.priceCents, costCents: part.baseCostCents }, DEMO_MARKUP_BANDS);
    lines.push({
      id: seedId(`task-line:${taskId}:${lines.length}`),
      taskId,
      position: lines.length,
      kind: 'PART',
      description: part.name,
      partId: part.id,
      partNumber: part.partNumber,
      labourRateId: null,
      quantityMilli,
      unitCostCents: part.baseCostCents,
      unitPriceCents,
      totalCents: lineTotalCents(quantityMilli, unitPriceCents),
    });
  }
  for (const labour of job.labour) {
    const rate = DEMO_LABOUR_RATES.find((candidate) => candidate.key === labour.rate)!;
    const quantityMilli = Math.round(labour.hours * 1000);
    lines.push({
      id: seedId(`task-line:${taskId}:${lines.length}`),
      taskId,
      position: lines.length,
      kind: 'LABOUR',
      description: labour.description,
      partId: null,
      partNumber: null,
      labourRateId: seedId(`labour-rate:${rate.key}`),
      quantityMilli,
      // The shop does not cost its own hours on lines: the cost of a task is its parts.
      unitCostCents: 0,
      unitPriceCents: rate.rateCents,
      totalCents: lineTotalCents(quantityMilli, rate.rateCents),
    });
  }
  let soldForCents = 0;
  let costCents = 0;
  for (const line of lines) {
    soldForCents += line.totalCents;
    costCents += lineTotalCents(line.quantityMilli, line.unitCostCents);
  }
  return { lines, soldForCents, costCents };
}

// ─── Writing it all ─────────────────────────────────────────────────────────────────────────────────────

interface Movement {
  id: string;
  partId: string;
  kind: 'RECEIVED' | 'USED' | 'COUNTED';
  quantityMilli: number;
  /** RECEIVED: the price paid; others: filled with the average cost at the time. */
  unitCostCents: number | null;
  reason: string | null;
  taskLineId: string | null;
  purchaseOrderId: string | null;
  userId: string | null;
  createdAt: Date;
}

/**
 * Writes the inventory demo. `planned` are the lines demo.ts priced its tasks with; tasks that exist without
 * planned lines (the proposals of approvals.ts) get theirs here: a recipe's lines (their price updated, as
 * they are not in any visit total) or one flat line at their price when they are committed work.
 */
export async function seedDemoInventory(tx: Prisma.TransactionClient, now: Date, planned: readonly PlannedLine[]): Promise<void> {
  const adminId = seedId('user:admin');
  const employeeId = seedId('user:employee');
  const parts = demoParts();
  const partById = new Map(parts.map((part) => [part.id, part]));
  const openingAt = new Date(now.getTime() - 200 * DAY);

  await tx.labourRate.createMany({
    data: DEMO_LABOUR_RATES.map((rate) => ({
      id: seedId(`labour-rate:${rate.key}`),
      name: rate.name,
      rateCents: rate.rateCents,
      isDefault: rate.isDefault,
      createdAt: openingAt,
    })),
    skipDuplicates: true,
  });
  await tx.partMarkupBand.createMany({
    data: DEMO_MARKUP_BANDS.map((band) => ({ id: seedId(`markup-band:${band.upToCostCents ?? 'above'}`), ...band })),
    skipDuplicates: true,
  });
  await tx.supplier.createMany({
    data: SUPPLIERS.map((supplier, index) => ({
      id: seedId(`supplier:${supplier.key}`),
      name: supplier.name,
      contactName: supplier.contactName,
      email: `orders@${supplier.key}.example`,
      phone: supplier.phone,
      accountNumber: `AAC-${String(4100 + index * 37)}`,
      leadTimeDays: supplier.leadTimeDays,
      createdAt: openingAt,
    })),
    skipDuplicates: true,
  });

  // Lines of the tasks demo.ts did not price (the approvals' proposals).
  const lines: PlannedLine[] = [...planned];
  const plannedTasks = new Set(planned.map((line) => line.taskId));
  const others = await tx.task.findMany({
    where: { id: { notIn: [...plannedTasks] } },
    select: {
      id: true,
      title: true,
      status: true,
      approval: true,
      soldForCents: true,
      costCents: true,
      createdAt: true,
      completedOn: true,
      visit: { select: { vehicle: { select: { brand: true } } } },
    },
    orderBy: { id: 'asc' },
  });
  const flatLines: Prisma.TaskLineCreateManyInput[] = [];
  for (const [index, task] of others.entries()) {
    const context = {
      status: task.status as TaskStatus,
      approval: task.approval as TaskApproval | null,
      createdAt: task.createdAt,
      completedOn: task.completedOn,
    };
    const job = demoJobLines(task.id, task.title, task.visit.vehicle?.brand ?? '', index);
    if (job && !isCommittedWork(context)) {
      lines.push(...job.lines.map((line) => ({ ...line, ...context })));
      await tx.task.update({ where: { id: task.id }, data: { soldForCents: job.soldForCents, costCents: job.costCents } });
    } else {
      flatLines.push({
        id: seedId(`task-line:${task.id}:0`),
        taskId: task.id,
        position: 0,
        kind: 'FLAT',
        description: task.title,
        quantityMilli: 1000,
        unitCostCents: task.costCents,
        unitPriceCents: task.soldForCents,
        totalCents: task.soldForCents,
        createdAt: task.createdAt,
      });
    }
  }

  // What the tasks take: opening stock covers it, so no part ever went below zero.
  const partLines = lines.filter((line) => line.partId);
  const wanted = (line: PlannedLine) => wantedLineStock({ status: line.status, approval: line.approval });
  const demand = new Map<string, number>();
  for (const line of partLines) {
    if (wanted(line) !== 'QUOTED') demand.set(line.partId!, (demand.get(line.partId!) ?? 0) + line.quantityMilli);
  }

  // A few parts nobody used run low (the "low stock" list and the draft orders have work).
  const lowStock = new Set(
    parts
      .filter(
        (part, index) => index % 37 === 11 && !demand.has(part.id) && part.reorderPointMilli !== null && part.partNumber !== 'OF-1001',
      )
      .map((part) => part.id),
  );

  const random = createRandom(20261127);
  const movements: Movement[] = [];
  for (const part of parts) {
    const reorder = part.reorderPointMilli ?? 0;
    const opening = lowStock.has(part.id)
      ? Math.floor(reorder / 2000) * 1000
      : reorder + Math.round(((part.reorderQuantityMilli ?? 1000) * random.int(40, 100)) / 100 / 1000) * 1000 + (demand.get(part.id) ?? 0);
    movements.push({
      id: seedId(`movement:opening:${part.id}`),
      partId: part.id,
      kind: 'COUNTED',
      quantityMilli: part.partNumber === 'OF-1001' ? Math.max(opening, 30_000) : opening,
      unitCostCents: part.baseCostCents,
      reason: 'opening stock',
      taskLineId: null,
      purchaseOrderId: null,
      userId: adminId,
      createdAt: openingAt,
    });
  }

  // Purchase orders: 10 received over the past months, 1 partly received, 2 sent, 2 drafts of low stock.
  const orders: Prisma.PurchaseOrderCreateManyInput[] = [];
  const orderLines: Prisma.PurchaseOrderLineCreateManyInput[] = [];
  const suppliersParts = new Map<string, DemoPart[]>();
  for (const part of parts) {
    if (lowStock.has(part.id)) continue;
    suppliersParts.set(part.supplierKey, [...(suppliersParts.get(part.supplierKey) ?? []), part]);
  }
  const counters = new Map<number, number>();
  const orderPlan: {
    status: 'RECEIVED' | 'PARTLY_RECEIVED' | 'SENT' | 'DRAFT';
    daysAgo: number;
    supplier: SupplierKey;
    parts: DemoPart[];
  }[] = [];
  const receivedDays = [172, 155, 139, 121, 104, 88, 71, 53, 36, 19];
  receivedDays.forEach((daysAgo, index) => {
    const supplier = SUPPLIERS[index % SUPPLIERS.length]!.key;
    const pool = suppliersParts.get(supplier) ?? [];
    const start = (index * 5) % Math.max(1, pool.length);
    const picked = Array.from({ length: Math.min(6, pool.length) }, (_, offset) => pool[(start + offset) % pool.length]!);
    orderPlan.push({ status: 'RECEIVED', daysAgo, supplier, parts: picked });
  });
  const recent = (supplier: SupplierKey, from: number) => {
    const pool = suppliersParts.get(supplier) ?? [];
    return Array.from({ length: Math.min(4, pool.length) }, (_, offset) => pool[(from + offset) % pool.length]!);
  };
  orderPlan.push({ status: 'PARTLY_RECEIVED', daysAgo: 9, supplier: 'maghreb-auto', parts: recent('maghreb-auto', 3) });
  orderPlan.push({ status: 'SENT', daysAgo: 4, supplier: 'freinage-rhone', parts: recent('freinage-rhone', 7) });
  orderPlan.push({ status: 'SENT', daysAgo: 1, supplier: 'global-tyre', parts: recent('global-tyre', 2) });
  // Drafts: what low stock proposes for the two suppliers with the most parts running low.
  const lowBySupplier = new Map<SupplierKey, DemoPart[]>();
  for (const id of lowStock) {
    const part = partById.get(id)!;
    lowBySupplier.set(part.supplierKey, [...(lowBySupplier.get(part.supplierKey) ?? []), part]);
  }
  const draftSuppliers = [...lowBySupplier.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0])).slice(0, 2);
  for (const [supplier, low] of draftSuppliers) orderPlan.push({ status: 'DRAFT', daysAgo: 0, supplier, parts: low });

  orderPlan.forEach((plan, orderIndex) => {
    const supplier = SUPPLIERS.find((candidate) => candidate.key === plan.supplier)!;
    const created = new Date(now.getTime() - (plan.daysAgo === 0 ? HOUR : plan.daysAgo * DAY));
    const year = created.getUTCFullYear();
    const sequence = (counters.get(year) ?? 0) + 1;
    counters.set(year, sequence);
    const id = seedId(`purchase-order:${orderIndex}`);
    const sentAt = plan.status === 'DRAFT' ? null : new Date(created.getTime() + 2 * HOUR);
    const arrival = sentAt ? new Date(Math.min(sentAt.getTime() + supplier.leadTimeDays * DAY, now.getTime() - HOUR)) : null;
    const received = plan.status === 'RECEIVED' ? arrival : null;
    orders.push({
      id,
      number: `PO-${year}-${String(sequence).padStart(5, '0')}`,
      supplierId: seedId(`supplier:${plan.supplier}`),
      status: plan.status,
      notes: plan.status === 'DRAFT' ? 'Proposed from low stock.' : null,
      expectedOn: sentAt ? new Date(sentAt.getTime() + supplier.leadTimeDays * DAY) : null,
      sentAt,
      receivedAt: received,
      createdById: adminId,
      version: { DRAFT: 1, SENT: 2, PARTLY_RECEIVED: 3, RECEIVED: 3 }[plan.status],
      createdAt: created,
      updatedAt: received ?? sentAt ?? created,
    });
    plan.parts.forEach((part, position) => {
      // Parts used on tasks keep their price (their lines were costed at it); others drift a little.
      const drift = demand.has(part.id) || part.partNumber === 'OF-1001' ? 0 : ((orderIndex % 3) - 1) * 0.04;
      const unitCostCents = Math.max(1, Math.round(part.baseCostCents * (1 + drift)));
      const quantityMilli = part.reorderQuantityMilli ?? 1000;
      // A partly received order: the first lines came in full, the second half, the rest not yet.
      let receivedMilli = 0;
      if (plan.status === 'RECEIVED') receivedMilli = quantityMilli;
      if (plan.status === 'PARTLY_RECEIVED')
        receivedMilli = position === 0 ? quantityMilli : position === 1 ? Math.floor(quantityMilli / 2000) * 1000 : 0;
      orderLines.push({
        id: seedId(`purchase-order-line:${orderIndex}:${position}`),
        purchaseOrderId: id,
        position,
        partId: part.id,
        quantityMilli,
        receivedMilli,
        unitCostCents,
      });
      if (receivedMilli > 0) {
        movements.push({
          id: seedId(`movement:receipt:${orderIndex}:${position}`),
          partId: part.id,
          kind: 'RECEIVED',
          quantityMilli: receivedMilli,
          unitCostCents,
          reason: null,
          taskLineId: null,
          purchaseOrderId: id,
          userId: employeeId,
          createdAt: plan.status === 'RECEIVED' ? received! : new Date(now.getTime() - 3 * DAY),
        });
      }
    });
  });

  // Completed tasks used their parts the day they were completed (never after now).
  const stockOf = new Map<string, PartLineStock>();
  for (const line of partLines) {
    if (wanted(line) !== 'USED') continue;
    movements.push({
      id: seedId(`movement:used:${line.id}`),
      partId: line.partId!,
      kind: 'USED',
      quantityMilli: -line.quantityMilli,
      unitCostCents: null,
      reason: null,
      taskLineId: line.id,
      purchaseOrderId: null,
      userId: employeeId,
      createdAt: new Date(Math.min((line.completedOn ?? line.createdAt).getTime(), now.getTime())),
    });
    stockOf.set(line.id, 'USED');
  }

  // The ledger, part by part in time order: running balance and weighted average cost (stock.service.ts rules).
  const ledger = new Map<string, { onHandMilli: number; costCents: number }>();
  const rows: Prisma.StockMovementCreateManyInput[] = [];
  const ordered = movements
    .map((movement, index) => ({ movement, index }))
    .sort((a, b) => a.movement.createdAt.getTime() - b.movement.createdAt.getTime() || a.index - b.index);
  const lastAt = new Map<string, number>();
  for (const { movement } of ordered) {
    // Strictly increasing times per part, so the ledger's order (and the check below) never hangs on a tie.
    const at = Math.max(movement.createdAt.getTime(), (lastAt.get(movement.partId) ?? Number.NEGATIVE_INFINITY) + 1);
    lastAt.set(movement.partId, at);
    const state = ledger.get(movement.partId) ?? { onHandMilli: 0, costCents: partById.get(movement.partId)!.baseCostCents };
    const onHandAfter = state.onHandMilli + movement.quantityMilli;
    const unitCostCents = movement.kind === 'RECEIVED' ? movement.unitCostCents! : state.costCents;
    if (movement.kind === 'RECEIVED')
      state.costCents = averageCostAfterReceipt(state.onHandMilli, state.costCents, movement.quantityMilli, unitCostCents);
    state.onHandMilli = onHandAfter;
    ledger.set(movement.partId, state);
    rows.push({
      id: movement.id,
      partId: movement.partId,
      kind: movement.kind,
      quantityMilli: movement.quantityMilli,
      unitCostCents,
      onHandAfterMilli: onHandAfter,
      reason: movement.reason,
      taskLineId: movement.taskLineId,
      purchaseOrderId: movement.purchaseOrderId,
      userId: movement.userId,
      createdAt: new Date(at),
    });
  }

  // Open work reserves what is there, oldest first; the rest waits as a backorder.
  const reserved = new Map<string, number>();
  const open = partLines.filter((line) => wanted(line) === 'RESERVED').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const line of open) {
    const available = (ledger.get(line.partId!)?.onHandMilli ?? 0) - (reserved.get(line.partId!) ?? 0);
    const state: PartLineStock = available >= line.quantityMilli ? 'RESERVED' : 'BACKORDERED';
    if (state === 'RESERVED') reserved.set(line.partId!, (reserved.get(line.partId!) ?? 0) + line.quantityMilli);
    stockOf.set(line.id, state);
  }

  await tx.part.createMany({
    data: parts.map((part) => ({
      id: part.id,
      partNumber: part.partNumber,
      name: part.name,
      brand: part.brand,
      category: part.category,
      barcode: part.barcode,
      unit: part.unit,
      costCents: ledger.get(part.id)?.costCents ?? part.baseCostCents,
      priceCents: part.priceCents,
      onHandMilli: ledger.get(part.id)?.onHandMilli ?? 0,
      binLocation: part.binLocation,
      reorderPointMilli: part.reorderPointMilli,
      reorderQuantityMilli: part.reorderQuantityMilli,
      supplierId: seedId(`supplier:${part.supplierKey}`),
      createdAt: openingAt,
    })),
    skipDuplicates: true,
  });
  await tx.purchaseOrder.createMany({ data: orders, skipDuplicates: true });
  await tx.purchaseOrderLine.createMany({ data: orderLines, skipDuplicates: true });
  for (const [year, lastNumber] of counters) {
    await tx.purchaseOrderCounter.upsert({ where: { year }, create: { year, lastNumber }, update: {} });
  }
  await tx.taskLine.createMany({
    data: [
      ...lines.map((line) => ({
        id: line.id,
        taskId: line.taskId,
        position: line.position,
        kind: line.kind,
        description: line.description,
        partId: line.partId,
        partNumber: line.partNumber,
        labourRateId: line.labourRateId,
        quantityMilli: line.quantityMilli,
        unitCostCents: line.unitCostCents,
        unitPriceCents: line.unitPriceCents,
        totalCents: line.totalCents,
        stock: line.partId ? (stockOf.get(line.id) ?? 'QUOTED') : null,
        // Lines keep their order on the task and their age for the backorder queue.
        createdAt: new Date(line.createdAt.getTime() + line.position),
        updatedAt: line.completedOn && line.completedOn < now ? line.completedOn : line.createdAt,
      })),
      ...flatLines,
    ],
    skipDuplicates: true,
  });
  await tx.stockMovement.createMany({ data: rows, skipDuplicates: true });
  await seedOfferingItemLines(tx);
  await assertStockExplained(tx);
}

/** Default lines of the catalogue's canned jobs (catalogue.ts items), priced when a task is made from them. */
async function seedOfferingItemLines(tx: Prisma.TransactionClient): Promise<void> {
  const partOf = (partNumber: string) => seedId(`part:${partNumber}`);
  const names = new Map(demoParts().map((part) => [part.id, part.name]));
  const rate = (key: RateKey) => seedId(`labour-rate:${key}`);
  const items: Record<string, [kind: 'PART' | 'LABOUR', description: string, ref: string, quantity: number][]> = {
    'maintenance:0': [
      ['PART', 'Oil filter', partOf('OF-1001'), 1],
      ['PART', 'Engine oil 5W-30', partOf('EO-1001'), 4.5],
      ['LABOUR', 'Drain, replace the filter, refill', rate('mechanical'), 0.5],
    ],
    'maintenance:1': [
      ['PART', 'Refrigerant R134a', partOf('AC-1001'), 0.55],
      ['LABOUR', 'Leak test, evacuate and recharge', rate('mechanical'), 0.75],
    ],
    'maintenance:2': [
      ['PART', 'Spark plug BKR6E', partOf('SP-1001'), 4],
      ['LABOUR', 'Replace spark plugs', rate('mechanical'), 0.5],
    ],
    'repair:0': [
      ['PART', 'Brake pads front', partOf('BP-1001'), 1],
      ['LABOUR', 'Replace front pads, check discs', rate('mechanical'), 1],
    ],
    'repair:1': [
      ['PART', 'Timing belt kit', partOf('TB-1001'), 1],
      ['PART', 'Water pump', partOf('WP-1001'), 1],
      ['LABOUR', 'Replace timing belt kit and water pump', rate('mechanical'), 3.5],
    ],
    'repair:2': [
      ['PART', 'Clutch kit', partOf('CK-1001'), 1],
      ['LABOUR', 'Remove gearbox, replace clutch kit', rate('mechanical'), 5],
    ],
    'diagnostics:0': [['LABOUR', 'Computer diagnostic scan', rate('diagnostics'), 0.5]],
    'diagnostics:1': [['LABOUR', 'Pre-purchase inspection', rate('diagnostics'), 1]],
    'diagnostics:2': [['LABOUR', 'Emissions pre-test', rate('diagnostics'), 0.5]],
  };
  await tx.offeringItemLine.createMany({
    data: Object.entries(items).flatMap(([item, lines]) =>
      lines.map(([kind, description, ref, quantity], position) => ({
        id: seedId(`item-line:${item}:${position}`),
        itemId: seedId(`item:${item}`),
        position,
        kind,
        description: kind === 'PART' ? (names.get(ref) ?? description) : description,
        partId: kind === 'PART' ? ref : null,
        labourRateId: kind === 'LABOUR' ? ref : null,
        quantityMilli: Math.round(quantity * 1000),
        unitPriceCents: null,
      })),
    ),
    skipDuplicates: true,
  });
}

/** Throws when a part's stock on hand is not the sum of its movements, or its last running balance. */
async function assertStockExplained(tx: Prisma.TransactionClient): Promise<void> {
  const wrong = await tx.$queryRawUnsafe<{ partNumber: string; onHandMilli: number; sum: bigint | null }[]>(`
    SELECT p."partNumber", p."onHandMilli", m.sum
    FROM "Part" p
    LEFT JOIN (SELECT "partId", SUM("quantityMilli") AS sum FROM "StockMovement" GROUP BY "partId") m ON m."partId" = p.id
    WHERE p."onHandMilli" <> COALESCE(m.sum, 0) OR p."onHandMilli" < 0`);
  if (wrong.length > 0) {
    const first = wrong[0]!;
    throw new Error(
      `Demo stock not explained by its movements for ${wrong.length} part(s), e.g. ${first.partNumber}: on hand ${first.onHandMilli}, movements ${first.sum}`,
    );
  }
  // Every movement's running balance: the sum of the part's movements up to it, in time order.
  const unbalanced = await tx.$queryRawUnsafe<{ count: bigint }[]>(`
    SELECT COUNT(*) AS count FROM (
      SELECT "onHandAfterMilli", SUM("quantityMilli") OVER (PARTITION BY "partId" ORDER BY "createdAt", id) AS running
      FROM "StockMovement"
    ) m WHERE m."onHandAfterMilli" <> m.running OR m.running < 0`);
  if (Number(unbalanced[0]?.count ?? 0) > 0) throw new Error('Demo stock: a movement whose running balance is wrong or below zero');
  const used = await tx.$queryRawUnsafe<{ count: bigint }[]>(`
    SELECT COUNT(*) AS count FROM "TaskLine" l
    WHERE l.stock = 'USED' AND NOT EXISTS (SELECT 1 FROM "StockMovement" m WHERE m."taskLineId" = l.id AND m.kind = 'USED')`);
  if (Number(used[0]?.count ?? 0) > 0) throw new Error('Demo stock: a USED line without its USED movement');
}
