// "Suggested for this vehicle" in the part picker: the catalogue parts matching the vehicle's spec card (oil
// grade, filter references, tyre sizes; vehicleSpecs.suggestedParts). Nothing is shown when the vehicle has no
// card or nothing matches. The vehicle comes from the task's visit (tasks.get, cached on the task page).
import { useQuery } from '@tanstack/react-query';
import type { PartView } from '@garage/shared/schemas/inventory';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { useQuantityFormat } from '../parts/index.ts';

export function SuggestedParts({ taskId, onPick }: { taskId: string; onPick: (part: PartView) => void }) {
  const { t } = useTranslation(['specCard', 'tasks']);
  const trpc = useTRPC();
  const format = useFormatters();
  const quantityFormat = useQuantityFormat();
  const task = useQuery(trpc.tasks.get.queryOptions({ id: taskId }));
  const vehicleId = task.data?.visit.vehicleId;
  const suggestions = useQuery({
    ...trpc.vehicleSpecs.suggestedParts.queryOptions({ vehicleId: vehicleId ?? '' }),
    enabled: !!vehicleId,
  });
  if (!suggestions.data?.length) return null;
  return (
    <section className="flex flex-col gap-2" aria-label={t('specCard:suggestions.title')} data-testid="suggested-parts">
      <h4 className="flex items-center gap-2 text-sm font-medium">
        <Sparkles className="size-4" aria-hidden="true" />
        {t('specCard:suggestions.title')}
      </h4>
      <ul className="flex max-h-72 flex-col overflow-y-auto rounded-md border">
        {suggestions.data.map(({ part, reference }) => (
          <li key={part.id}>
            <button
              type="button"
              className="flex min-h-11 w-full flex-wrap items-center justify-between gap-2 p-3 text-start hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              onClick={() => onPick(part)}
              data-testid="suggested-part"
            >
              <span className="flex min-w-0 flex-col">
                <span className="font-medium" dir="auto">
                  {part.name}
                </span>
                <span className="text-xs text-muted-foreground">
                  <bdi dir="ltr" className="font-mono">
                    {part.partNumber}
                  </bdi>{' '}
                  · {t('specCard:suggestions.matched', { reference: `\u2066${reference}\u2069` })}
                </span>
              </span>
              <span className="flex flex-col items-end text-xs">
                <span className={cn(part.available <= 0 && 'text-amber-800 dark:text-amber-300')}>
                  {t('tasks:lines.available', { quantity: quantityFormat.quantity(part.available, part.unit) })}
                </span>
                <span className="tabular-nums">{format.money(part.sellingPriceCents)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
