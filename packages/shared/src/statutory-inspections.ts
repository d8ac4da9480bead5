// Statutory roadworthiness inspections (contrôle technique, visite technique, MOT): when a vehicle must be
// inspected, from its first registration date and the rule of the shop's country (or the shop's own rule).
//
// The rule: the first inspection is due `firstAfterYears` after the first registration, then every
// `thenEveryYears` after that first due day. Each due day is counted from the registration day itself, so
// 29 February gives 28 February in common years (as PostgreSQL's date + interval, which the reminder SQL uses:
// the migration's statutory_due_on function is the same rule and apps/api/test/statutory-inspections.test.ts
// compares the two).
//
// Done or not: nothing records that an inspection took place (it happens at an approved centre, not here).
// The reminder of a cycle is shown with its due date; staff contact the customer or dismiss it like any other
// reminder; once the cycle is more than REMINDER_EMAIL_MAX_OVERDUE_DAYS past, the next cycle takes its place.

export interface StatutoryInspectionRule {
  firstAfterYears: number;
  thenEveryYears: number;
  /** The inspection's name in the reminders' texts (statutory.names.<nameKey> on screen, reminder-texts.ts in emails). */
  nameKey: StatutoryInspectionName;
}

export const STATUTORY_INSPECTION_NAMES = ['controleTechnique', 'visiteTechnique', 'mot', 'generic'] as const;
export type StatutoryInspectionName = (typeof STATUTORY_INSPECTION_NAMES)[number];

/** The law of each country the app knows (ISO 3166-1 alpha-2); other countries have none unless the shop sets one. */
export const STATUTORY_INSPECTION_RULES: Readonly<Record<string, StatutoryInspectionRule>> = {
  // Contrôle technique: within the 6 months before the 4th anniversary, then every 2 years.
  FR: { firstAfterYears: 4, thenEveryYears: 2, nameKey: 'controleTechnique' },
  // Visite technique: yearly from the 5th year.
  MA: { firstAfterYears: 5, thenEveryYears: 1, nameKey: 'visiteTechnique' },
  // MOT: at 3 years, then yearly.
  GB: { firstAfterYears: 3, thenEveryYears: 1, nameKey: 'mot' },
};

/** Bounds of the shop's own rule (admin settings). */
export const STATUTORY_LIMITS = { firstAfterYearsMax: 20, everyYearsMax: 10 } as const;

export interface StatutorySettings {
  statutoryInspectionEnabled: boolean;
  /** Null: the country's rule. */
  statutoryFirstAfterYears: number | null;
  statutoryEveryYears: number | null;
}

/**
 * The rule a shop applies: none when switched off; else the shop's own years where set, the country's for the
 * rest. A country without a rule needs both years set by the shop (named generically).
 */
export function resolveStatutoryRule(countryCode: string | null | undefined, settings: StatutorySettings): StatutoryInspectionRule | null {
  if (!settings.statutoryInspectionEnabled) return null;
  const country = countryCode ? STATUTORY_INSPECTION_RULES[countryCode.toUpperCase()] : undefined;
  const firstAfterYears = settings.statutoryFirstAfterYears ?? country?.firstAfterYears;
  const thenEveryYears = settings.statutoryEveryYears ?? country?.thenEveryYears;
  if (firstAfterYears === undefined || thenEveryYears === undefined || thenEveryYears < 1 || firstAfterYears < 0) return null;
  return { firstAfterYears, thenEveryYears, nameKey: country?.nameKey ?? 'generic' };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(isoDate: string): [number, number, number] {
  const match = ISO_DAY.exec(isoDate.slice(0, 10));
  if (!match) throw new RangeError(`Not a yyyy-mm-dd date: ${isoDate}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** yyyy-mm-dd plus whole years, the day clamped to the month's last (2024-02-29 + 1 year = 2025-02-28). */
export function addYears(isoDate: string, years: number): string {
  const [year, month, day] = parseDay(isoDate);
  const lastDay = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  const date = new Date(Date.UTC(year + years, month - 1, Math.min(day, lastDay)));
  return date.toISOString().slice(0, 10);
}

/** The due day of cycle n (0 = the first inspection). */
export function statutoryCycleDate(
  firstRegistrationDate: string,
  rule: Pick<StatutoryInspectionRule, 'firstAfterYears' | 'thenEveryYears'>,
  cycle: number,
) {
  return addYears(firstRegistrationDate, rule.firstAfterYears + cycle * rule.thenEveryYears);
}

/**
 * The first inspection due on or after `today` (all yyyy-mm-dd): FR, registered 2021-03-10 → 2025-03-10 until
 * that day, then 2027-03-10.
 */
export function nextStatutoryInspection(
  firstRegistrationDate: string,
  rule: Pick<StatutoryInspectionRule, 'firstAfterYears' | 'thenEveryYears'>,
  today: string,
): string {
  const reference = today.slice(0, 10);
  // Years elapsed since the first due day put us near the right cycle; step forward until on or after today.
  const [firstYear] = parseDay(statutoryCycleDate(firstRegistrationDate, rule, 0));
  const [todayYear] = parseDay(reference);
  let cycle = Math.max(0, Math.floor((todayYear - firstYear - 1) / rule.thenEveryYears));
  while (statutoryCycleDate(firstRegistrationDate, rule, cycle) < reference) cycle += 1;
  return statutoryCycleDate(firstRegistrationDate, rule, cycle);
}
