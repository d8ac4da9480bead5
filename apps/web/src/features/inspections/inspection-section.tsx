// One section of the inspection ("Tyres", "Brakes") as a collapsible group with its progress: a technician
// closes the sections done and sees at once where something is left.
import type { InspectionItemView } from '@garage/shared/schemas/inspections';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/utils.ts';

export function InspectionSection({
  title,
  items,
  children,
}: {
  title: string;
  items: InspectionItemView[];
  children: (item: InspectionItemView) => ReactNode;
}) {
  const { t } = useTranslation('inspections');
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const answered = items.filter((item) => item.condition !== null).length;
  const done = answered === items.length;
  return (
    <Card className="gap-0 py-0" data-testid="inspection-section">
      <h2>
        <button
          type="button"
          className="flex min-h-14 w-full items-center justify-between gap-3 px-4 text-start text-lg font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          <span dir="auto">{title}</span>
          <span className="flex items-center gap-2">
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-sm tabular-nums',
                done ? 'bg-emerald-700 text-white' : 'bg-muted text-foreground',
              )}
              data-testid="section-progress"
            >
              {t('page.sectionProgress', { answered, total: items.length })}
            </span>
            <ChevronDown className={cn('size-5 transition-transform', open && 'rotate-180')} aria-hidden="true" />
          </span>
        </button>
      </h2>
      <ul id={bodyId} hidden={!open} className="px-3 pb-2">
        {items.map((item) => children(item))}
      </ul>
    </Card>
  );
}
