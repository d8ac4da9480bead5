// Oil changes: the contract for the oil-change form and the API (SPEC §3). The "reading lower than the
// vehicle's latest km" rule needs the database and lives in the API's oil-change service.
import { z } from 'zod';
import { msg } from '../messages.ts';
import { historyWindowSchema, requiredText } from './users.ts';

/** An odometer cannot read more than this; also keeps values inside a 32-bit column. */
export const KM_MAX = 9_999_999;
export const OIL_NOTES_MAX = 1000;

/** API answers about oil changes (English; the web shows its own translations of the same keys). */
export const OIL_MESSAGES = {
  kmBelowLatest: 'A reading cannot be lower than the latest reading for this vehicle ({latestKm} km)',
} as const;

const km = (fieldName: string) =>
  z
    .number({ error: msg('required', { fieldName }) })
    .int(msg('number', { fieldName }))
    .min(0, msg('minValue', { fieldName, minValue: 0 }))
    .max(KM_MAX, msg('maxValue', { fieldName, maxValue: KM_MAX }));

export const oilChangeInputSchema = z
  .object({
    oilName: requiredText('oilName', 100),
    oilType: requiredText('oilType', 50),
    currentKm: km('currentKm'),
    nextChangeKm: km('nextChangeKm'),
    filterChanged: z.boolean().default(false),
    notes: z
      .string()
      .trim()
      .max(OIL_NOTES_MAX, msg('maxLength', { fieldName: 'notes', maxLength: OIL_NOTES_MAX }))
      .nullish(),
  })
  .refine((value) => value.nextChangeKm > value.currentKm, {
    path: ['nextChangeKm'],
    error: (issue) => {
      const input = issue.input as { currentKm?: number } | undefined;
      return msg('minValue', { fieldName: 'nextChangeKm', minValue: (input?.currentKm ?? 0) + 1 });
    },
  });
export type OilChangeInput = z.input<typeof oilChangeInputSchema>;
export type OilChangeInputParsed = z.output<typeof oilChangeInputSchema>;

/** An odometer reading taken without an oil change (e.g. at a visit): moves latest km, never backwards. */
export const kmReadingInputSchema = z.object({ km: km('km') });
export type KmReadingInput = z.input<typeof kmReadingInputSchema>;
export const recordKmSchema = z.object({ vehicleId: z.uuid(), data: kmReadingInputSchema });

export const createOilChangeSchema = z.object({ vehicleId: z.uuid(), data: oilChangeInputSchema });

/**
 * A correction (PATCH: only the fields sent change). "Next change above current" is checked by the service
 * against the merged record, since either side may be left out.
 */
export const oilChangeUpdateInputSchema = z
  .object({
    oilName: requiredText('oilName', 100),
    oilType: requiredText('oilType', 50),
    currentKm: km('currentKm'),
    nextChangeKm: km('nextChangeKm'),
    filterChanged: z.boolean(),
    notes: z
      .string()
      .trim()
      .max(OIL_NOTES_MAX, msg('maxLength', { fieldName: 'notes', maxLength: OIL_NOTES_MAX }))
      .nullable(),
  })
  .partial();
export type OilChangeUpdateInput = z.input<typeof oilChangeUpdateInputSchema>;
export const updateOilChangeSchema = z.object({ id: z.uuid(), data: oilChangeUpdateInputSchema });
export const oilChangeIdSchema = z.object({ id: z.uuid() });
export const vehicleOilSchema = historyWindowSchema.extend({ vehicleId: z.uuid() });

export const oilChangeViewSchema = z.object({
  id: z.string(),
  vehicleId: z.string(),
  oilName: z.string(),
  oilType: z.string(),
  currentKm: z.number(),
  nextChangeKm: z.number(),
  filterChanged: z.boolean(),
  notes: z.string().nullable(),
  recordedBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type OilChangeView = z.infer<typeof oilChangeViewSchema>;

/** "Due in N km" when positive, "overdue by N km" when negative (0 = due now). */
export const oilSummarySchema = z.object({
  latestKm: z.number().nullable(),
  lastKmUpdate: z.string().nullable(),
  nextChangeKm: z.number().nullable(),
  dueInKm: z.number().nullable(),
});
export type OilSummary = z.infer<typeof oilSummarySchema>;

/** One window of the history (historyWindowSchema); `nextCursor` asks for the older ones, null at the end. */
export const oilHistorySchema = z.object({
  summary: oilSummarySchema,
  items: z.array(oilChangeViewSchema),
  nextCursor: z.string().nullable(),
});
export type OilHistory = z.infer<typeof oilHistorySchema>;

/** Km left before the next change; negative when overdue; null without any oil change. */
export function oilDueInKm(latestKm: number | null, nextChangeKm: number | null): number | null {
  if (nextChangeKm === null || latestKm === null) return null;
  return nextChangeKm - latestKm;
}
