// Markup bands: "cost up to X: add Y %", the selling price of a part without its own price
// (inventory-rules.ts partSellingPriceCents). The shop edits them as one list, replaced whole.
import { Prisma, type Db } from '@garage/db';
import type { MarkupBand } from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import type { Tx } from '../visits/visit-state.ts';

export type MarkupBandRow = MarkupBand;

/** Bounded bands by their upper cost, the open-ended one last (the order partSellingPriceCents reads). */
export const sortMarkupBands = (rows: MarkupBandRow[]): MarkupBand[] =>
  [...rows].sort((a, b) => (a.upToCostCents ?? Number.MAX_SAFE_INTEGER) - (b.upToCostCents ?? Number.MAX_SAFE_INTEGER));

/** The bands as one JSON array value, for a list statement to carry them along (no statement of their own). */
export const MARKUP_BANDS_JSON = Prisma.sql`(SELECT coalesce(json_agg(json_build_object(
  'upToCostCents', b."upToCostCents", 'markupBasisPoints', b."markupBasisPoints")), '[]') FROM "PartMarkupBand" AS b)`;

/** The bands, in the order sortMarkupBands gives. */
export async function listMarkupBands(db: Db | Tx): Promise<MarkupBand[]> {
  return sortMarkupBands(await db.partMarkupBand.findMany({ select: { upToCostCents: true, markupBasisPoints: true } }));
}

/**
 * Replaces every band in one transaction. Two bands with the same upper cost, or two open-ended ones, would
 * make a cost's band ambiguous: refused (400) with the band named.
 */
export async function replaceMarkupBands(db: Db, bands: readonly MarkupBand[]): Promise<MarkupBand[]> {
  const seen = new Set<number>();
  let openEnded = 0;
  bands.forEach((band, index) => {
    if (band.upToCostCents === null) {
      openEnded += 1;
      if (openEnded > 1) throw new AppError('VALIDATION', 'inventory.markupBandsOpenEnded', { field: `bands.${index}.upToCostCents` });
      return;
    }
    if (seen.has(band.upToCostCents))
      throw new AppError('VALIDATION', 'inventory.markupBandsDuplicate', { field: `bands.${index}.upToCostCents` });
    seen.add(band.upToCostCents);
  });
  await db.$transaction(async (tx) => {
    await tx.partMarkupBand.deleteMany({});
    if (bands.length > 0)
      await tx.partMarkupBand.createMany({
        data: bands.map((band) => ({ upToCostCents: band.upToCostCents, markupBasisPoints: band.markupBasisPoints })),
      });
  });
  return listMarkupBands(db);
}
