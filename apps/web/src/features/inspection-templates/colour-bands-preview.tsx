// The live preview of a measurement's colours: a scale from the item's lower to its upper limit painted
// green, amber and red where the thresholds put them, and the same in words ("below 2 mm: red, below 4 mm:
// amber, else green"), so a manager sees at once what a technician's reading will turn into.
import type { InspectionUnit } from '@garage/shared/inspection-rules';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../lib/money.ts';
import { cn } from '../../lib/utils.ts';
import { bandSentence, colourBands, type BandColour } from './template-draft.ts';

export const BAND_CLASS: Record<BandColour, string> = {
  GOOD: 'bg-emerald-500',
  SOON: 'bg-amber-400',
  URGENT: 'bg-red-500',
};

interface PreviewProps {
  unit: InspectionUnit | null;
  minValue: number | null;
  maxValue: number | null;
  amberAt: number | null;
  redAt: number | null;
  lowerIsWorse: boolean;
  testId?: string;
  /** The small version of a folded item row: the bar only. */
  compact?: boolean;
}

export function useReading() {
  const { t, i18n } = useTranslation('inspection-templates');
  const number = new Intl.NumberFormat(`${i18n.language}-u-nu-latn`, { maximumFractionDigits: 3 });
  // Only the number is isolated: "2 مم" reads number then unit in Arabic's own direction.
  return (value: number, unit: InspectionUnit | null) => {
    const digits = isolateLtr(number.format(value));
    return unit ? t('reading', { value: digits, unit: t(`units.${unit}`) }) : digits;
  };
}

export function ColourBandsPreview({ testId, compact, ...item }: PreviewProps) {
  const { t, i18n } = useTranslation('inspection-templates');
  const reading = useReading();
  const bands = colourBands(item);
  if (!bands) {
    return compact ? null : (
      <p className="text-sm text-muted-foreground" data-testid={testId}>
        {t('preview.none')}
      </p>
    );
  }
  const from = bands[0]!.from;
  const to = bands.at(-1)!.to;
  const sentence = bandSentence(item)
    .map((part) => t(part.key, { value: part.value === undefined ? '' : reading(part.value, item.unit) }))
    .join(t('preview.separator'));
  if (compact) {
    return (
      // Left out on a phone: the row keeps its width for the label.
      <span className="hidden h-2 w-16 shrink-0 overflow-hidden rounded-full sm:flex" dir="ltr" aria-hidden="true">
        {bands.map((band) => (
          <span key={band.condition} className={BAND_CLASS[band.condition]} style={{ flexGrow: band.to - band.from }} />
        ))}
      </span>
    );
  }
  return (
    <div className="flex flex-col gap-1.5 rounded-lg border bg-muted/30 p-3" data-testid={testId}>
      <p className="text-sm font-medium" data-testid={testId && `${testId}-text`}>
        {sentence}
      </p>
      {/* A number line reads left to right in every language, as on a gauge. */}
      <div className="flex flex-col gap-1" dir="ltr" aria-hidden="true">
        <div className="flex h-3 overflow-hidden rounded-full">
          {bands.map((band) => (
            <span key={band.condition} className={cn('h-full', BAND_CLASS[band.condition])} style={{ flexGrow: band.to - band.from }} />
          ))}
        </div>
        <div className="flex justify-between text-xs text-muted-foreground">
          {/* Each end reads in the page's own direction ("0 mm", "0 مم"); the lower one stays on the left. */}
          <span dir={i18n.dir()}>{reading(from, item.unit)}</span>
          <span dir={i18n.dir()}>{reading(to, item.unit)}</span>
        </div>
      </div>
    </div>
  );
}
