// The rules of a digital vehicle inspection (issue #29), shared by the API, the phone screen (which applies
// them before anything is sent, so a technician offline sees the colour at once) and the seed.
// Measurements travel as plain numbers (1.6 mm) and are stored in thousandths of their unit (1600).
import { toMilli } from './inventory-rules.ts';

export const INSPECTION_ITEM_KINDS = ['CHECK', 'MEASUREMENT'] as const;
export type InspectionItemKind = (typeof INSPECTION_ITEM_KINDS)[number];

/** Green, amber, red, and "not inspected". */
export const INSPECTION_CONDITIONS = ['GOOD', 'SOON', 'URGENT', 'SKIPPED'] as const;
export type InspectionCondition = (typeof INSPECTION_CONDITIONS)[number];
/** The conditions that are findings: each may become a proposed task. */
export const FLAGGED_CONDITIONS = ['SOON', 'URGENT'] as const satisfies readonly InspectionCondition[];
export const isFlagged = (condition: InspectionCondition | null | undefined): condition is 'SOON' | 'URGENT' =>
  condition === 'SOON' || condition === 'URGENT';

export const INSPECTION_STATUSES = ['IN_PROGRESS', 'COMPLETED', 'SENT'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export const INSPECTION_UNITS = ['MM', 'VOLT', 'AMP', 'PERCENT', 'BAR'] as const;
export type InspectionUnit = (typeof INSPECTION_UNITS)[number];

/**
 * What any value of a unit can physically be, and how many decimals it is read with. An item narrows the
 * range (tread 0–20 mm); nothing outside the unit's own range is ever an item's limit.
 */
export const UNIT_LIMITS: Record<InspectionUnit, { min: number; max: number; decimals: number }> = {
  /** Tread, pads, discs (a truck's disc is under 60 mm). */
  MM: { min: 0, max: 100, decimals: 1 },
  /** A 12 V or 24 V battery, resting or cranking. */
  VOLT: { min: 0, max: 36, decimals: 2 },
  /** Cold cranking amps. */
  AMP: { min: 0, max: 2000, decimals: 0 },
  /** Battery health, brake fluid water content, coolant protection. */
  PERCENT: { min: 0, max: 100, decimals: 1 },
  /** Tyre pressure. */
  BAR: { min: 0, max: 12, decimals: 1 },
};

export const INSPECTION_LIMITS = {
  nameMax: 120,
  descriptionMax: 500,
  sectionMax: 80,
  labelMax: 120,
  keyMax: 60,
  noteMax: 1000,
  itemsPerTemplateMax: 150,
  photosPerItemMax: 8,
  /** Photos are reduced on the phone before upload; the server's media limits still apply. */
  photoLongEdgePx: 1600,
  photoJpegQuality: 0.8,
} as const;

// Thousandths to and from plain numbers: toMilli / fromMilli of inventory-rules.ts (one definition).

/** The thresholds of a measurement item, in thousandths (as stored). */
export interface MeasurementThresholds {
  amberAtMilli: number | null;
  redAtMilli: number | null;
  lowerIsWorse: boolean;
}

/**
 * The colour a measurement gives. Lower is worse (tread, pads, volts): below redAt is URGENT, below amberAt
 * SOON. Higher is worse (water in brake fluid): above redAt URGENT, above amberAt SOON. Null when the item
 * has no threshold: the technician chooses the colour.
 */
export function conditionOfMeasurement(valueMilli: number, t: MeasurementThresholds): 'GOOD' | 'SOON' | 'URGENT' | null {
  if (t.amberAtMilli === null && t.redAtMilli === null) return null;
  const worse = (threshold: number | null) => threshold !== null && (t.lowerIsWorse ? valueMilli < threshold : valueMilli > threshold);
  if (worse(t.redAtMilli)) return 'URGENT';
  if (worse(t.amberAtMilli)) return 'SOON';
  return 'GOOD';
}

/** An item's limits in thousandths: its own, else its unit's. */
export function limitsOf(item: { unit: InspectionUnit | null; minMilli: number | null; maxMilli: number | null }) {
  const unit = item.unit ? UNIT_LIMITS[item.unit] : { min: 0, max: 1_000_000 };
  return { minMilli: item.minMilli ?? toMilli(unit.min), maxMilli: item.maxMilli ?? toMilli(unit.max) };
}

/** The counts the screens, the report and the figures show. */
export function countConditions(items: readonly { condition: InspectionCondition | null }[]) {
  const counts = { GOOD: 0, SOON: 0, URGENT: 0, SKIPPED: 0, unanswered: 0 };
  for (const item of items) {
    if (item.condition) counts[item.condition] += 1;
    else counts.unanswered += 1;
  }
  return counts;
}
