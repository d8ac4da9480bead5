// The reports page's inspections (issue #29), for the period chosen above: per technician, inspections
// completed, items flagged, proposed work approved and its value, with the shop's totals as the last row.
// A whole period is needed (the API never guesses one), at most the dashboard's longest custom period.
import { DASHBOARD_LIMITS, daysBetween } from '@garage/shared/schemas/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { browserTimeZone, useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';

export function InspectionFiguresTable({ from, to }: { from: string; to: string }) {
  const { t, i18n } = useTranslation('reports');
  const trpc = useTRPC();
  const format = useFormatters();
  const lang = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2);
  const count = new Intl.NumberFormat(`${lang}-u-nu-latn`);
  const percent = new Intl.NumberFormat(`${lang}-u-nu-latn`, { style: 'percent', maximumFractionDigits: 0 });
  const usable = !!from && !!to && from <= to && daysBetween(from, to) + 1 <= DASHBOARD_LIMITS.customMaxDays;
  const figures = useQuery({
    ...trpc.inspectionFigures.summary.queryOptions({ from, to, timeZone: browserTimeZone() }),
    enabled: usable,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = figures.data;

  return (
    <section
      id="inspection-figures"
      aria-labelledby="inspection-figures-title"
      className="flex scroll-mt-4 flex-col gap-3"
      data-testid="inspection-figures"
    >
      <header>
        <h2 id="inspection-figures-title" className="text-lg font-semibold">
          {t('inspections.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {usable ? t('inspections.period', { from: format.day(from), to: format.day(to) }) : t('inspections.choosePeriod')}
        </p>
      </header>
      {usable && figures.isPending && <Skeleton className="h-32 w-full" />}
      {usable && figures.isError && !data && (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
          {t('inspections.failed')}
        </p>
      )}
      {usable && data && (
        <div className={cn('overflow-x-auto rounded-xl border bg-card', figures.isPlaceholderData && 'opacity-60')}>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('inspections.technician')}</TableHead>
                <TableHead className="h-auto py-2 text-end whitespace-normal">{t('inspections.completed')}</TableHead>
                <TableHead className="h-auto py-2 text-end whitespace-normal">{t('inspections.flagged')}</TableHead>
                <TableHead className="h-auto py-2 text-end whitespace-normal">{t('inspections.approved')}</TableHead>
                <TableHead className="h-auto py-2 text-end whitespace-normal">{t('inspections.approvedValue')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.perTechnician.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} className="py-6 text-center text-muted-foreground">
                    {t('inspections.none')}
                  </TableCell>
                </TableRow>
              ) : (
                data.perTechnician.map((row) => (
                  <TableRow key={row.userId ?? 'nobody'} data-testid="inspection-technician-row">
                    <TableCell className="font-medium">{row.userId ? row.name : t('inspections.unassigned')}</TableCell>
                    <TableCell className="text-end tabular-nums">{count.format(row.completed)}</TableCell>
                    <TableCell className="text-end tabular-nums">{count.format(row.flaggedItems)}</TableCell>
                    <TableCell className="text-end tabular-nums">{count.format(row.approvedTasks)}</TableCell>
                    <TableCell className="text-end tabular-nums">{format.money(row.approvedCents)}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
            <TableFooter>
              <TableRow data-testid="inspection-figures-total">
                <TableCell className="whitespace-normal">
                  {t('inspections.total')}
                  {data.approvalShare !== null && (
                    <span className="block text-xs font-normal text-muted-foreground">
                      {t('inspections.share', {
                        share: `\u2066${percent.format(data.approvalShare)}\u2069`,
                        approved: count.format(data.approvedTasks),
                        declined: count.format(data.declinedTasks),
                      })}
                    </span>
                  )}
                </TableCell>
                <TableCell className="text-end tabular-nums">{count.format(data.completed)}</TableCell>
                <TableCell className="text-end tabular-nums">{count.format(data.flaggedItems)}</TableCell>
                <TableCell className="text-end tabular-nums">
                  {count.format(data.approvedTasks)} / {count.format(data.proposedTasks)}
                </TableCell>
                <TableCell className="text-end tabular-nums">{format.money(data.approvedCents)}</TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </div>
      )}
    </section>
  );
}
