// What a task's price is made of, for its customer: each part, labour and amount line with its quantity,
// unit price and total. Never costs or stock (the API sends them as null to clients). A task that is one flat
// line (its price alone) shows nothing more than its price.
import type { MyTask } from '@garage/shared/schemas/approvals';
import { Package, Receipt, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/formatters.ts';
import { useQuantityFormat } from '../parts/index.ts';

const ICONS = { PART: Package, LABOUR: Wrench, FLAT: Receipt } as const;

export function MyTaskLines({ lines }: { lines: MyTask['lines'] }) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  const quantity = useQuantityFormat();
  if (lines.length === 0 || (lines.length === 1 && lines[0]?.kind === 'FLAT')) return null;
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-sm font-medium text-muted-foreground">{t('lines.title')}</h2>
      <ul className="divide-y rounded-lg border text-sm" data-testid="my-task-lines">
        {lines.map((line) => {
          const Icon = ICONS[line.kind];
          return (
            <li key={line.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3" data-testid="my-task-line" data-kind={line.kind}>
              <Icon className="size-4 shrink-0 text-muted-foreground" aria-label={t(`lines.kind.${line.kind}`)} />
              <span className="min-w-0 flex-1" dir="auto">
                {line.description}
              </span>
              <span className="text-muted-foreground tabular-nums">
                {line.kind === 'LABOUR'
                  ? t('lines.hours', { hours: quantity.number(line.quantity) })
                  : quantity.quantity(line.quantity, line.unit)}
                {' × '}
                {format.money(line.unitPriceCents)}
              </span>
              <span className="font-medium tabular-nums">{format.money(line.totalCents)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
