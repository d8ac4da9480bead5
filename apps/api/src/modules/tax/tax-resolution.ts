// Which tax rate a task line carries, decided once when the line is written (TaskLine.taxRateId), so a
// later change of defaults or of a part's rate never changes work already priced. The one rule, in order:
//   1. the rate chosen on the line (it must exist and not be archived);
//   2. a catalogue part's rate (PART lines naming a part);
//   3. the catalogue item's rate (FLAT lines of a task made from an offering item);
//   4. the shop's default rate for the kind of line (labour, part, flat);
//   5. none (null: the shop has no rates, no tax).
// Every writer of TaskLine goes through resolveLineTaxRateId (task-line-pricing.ts, task-lines.service.ts,
// tasks.service.ts, the import writer).
import type { Prisma } from '@garage/db';
import type { TaskLineKind } from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import { readShopTaxSettings, type ShopTaxSettings } from './tax-settings.ts';

type Tx = Prisma.TransactionClient;

export interface LineTaxSource {
  /** The rate sent for the line: undefined or null = not chosen. */
  explicit?: string | null;
  kind: TaskLineKind;
  partId?: string | null;
  offeringItemId?: string | null;
  /** The input field the explicit rate came from, for errors ("lines.2.taxRateId"). */
  field?: string;
}

/**
 * Remembers the settings and the rates read while one transaction writes several lines (a visit created with
 * its tasks), so each is read once.
 */
export class TaxResolver {
  private settings?: Promise<ShopTaxSettings>;
  private readonly partRates = new Map<string, Promise<string | null>>();
  private readonly itemRates = new Map<string, Promise<string | null>>();

  constructor(private readonly tx: Tx) {}

  shopSettings(): Promise<ShopTaxSettings> {
    this.settings ??= readShopTaxSettings(this.tx);
    return this.settings;
  }

  async resolve(source: LineTaxSource): Promise<string | null> {
    if (source.explicit) {
      await assertRateUsable(this.tx, source.explicit, source.field ?? 'taxRateId');
      return source.explicit;
    }
    if (source.kind === 'PART' && source.partId) {
      const partRate = await this.cached(
        this.partRates,
        source.partId,
        async (id) => (await this.tx.part.findUnique({ where: { id }, select: { taxRateId: true } }))?.taxRateId ?? null,
      );
      if (partRate) return partRate;
    }
    if (source.kind === 'FLAT' && source.offeringItemId) {
      const itemRate = await this.cached(
        this.itemRates,
        source.offeringItemId,
        async (id) => (await this.tx.offeringItem.findUnique({ where: { id }, select: { taxRateId: true } }))?.taxRateId ?? null,
      );
      if (itemRate) return itemRate;
    }
    const settings = await this.shopSettings();
    if (source.kind === 'LABOUR') return settings.defaultLabourTaxRateId;
    if (source.kind === 'PART') return settings.defaultPartTaxRateId;
    return settings.defaultFlatTaxRateId;
  }

  private cached(map: Map<string, Promise<string | null>>, id: string, read: (id: string) => Promise<string | null>) {
    let found = map.get(id);
    if (!found) {
      found = read(id);
      map.set(id, found);
    }
    return found;
  }
}

/** A rate a line, part, catalogue item or default may newly take: it exists and is not archived. */
export async function assertRateUsable(tx: Tx, taxRateId: string, field: string): Promise<void> {
  const rate = await tx.taxRate.findUnique({ where: { id: taxRateId }, select: { archivedAt: true } });
  if (!rate) throw new AppError('NOT_FOUND', 'missing.taxRate', { field });
  if (rate.archivedAt) throw new AppError('CONFLICT', 'tax.rateArchived', { field });
}

/** One line's rate (see the order above). Writers of several lines share a TaxResolver instead. */
export function resolveLineTaxRateId(tx: Tx, source: LineTaxSource): Promise<string | null> {
  return new TaxResolver(tx).resolve(source);
}
