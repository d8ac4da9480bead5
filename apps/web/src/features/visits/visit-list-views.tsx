// The three views of the visits list (SPEC §4): cards, table and a compact list. Every entry links to the
// visit page under its customer and vehicle.
import type { VisitListItem } from '@garage/shared/schemas/visits';
import { CalendarClock, Car, ChevronRight, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '../../components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { cn } from '../../lib/utils.ts';
import { Ltr } from '../../components/ltr.tsx';
import { useFormatters } from '../../lib/formatters.ts';
import { OverdueBadge, PaymentStatusBadge, VisitStatusBadge } from '../../components/status-badges.tsx';

export const visitPath = (visit: { id: string; customer: { id: string }; vehicle: { id: string } }) =>
  `/admin/users/${visit.customer.id}/vehicle/${visit.vehicle.id}/visit/${visit.id}`;

const customerName = (visit: VisitListItem) => `${visit.customer.firstName} ${visit.customer.lastName}`;

export function VisitCards({ visits }: { visits: VisitListItem[] }) {
  const { t } = useTranslation('visits');
  const format = useFormatters();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="visit-cards">
      {visits.map((visit) => (
        <li key={visit.id} data-testid="visit-item" data-visit-id={visit.id}>
          <Card className="h-full gap-3 py-4 transition-shadow hover:shadow-md">
            <Link
              to={visitPath(visit)}
              className="flex h-full flex-col gap-3 px-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="line-clamp-2 font-semibold" dir="auto">
                  {visit.name}
                </h3>
                <VisitStatusBadge status={visit.status} />
              </div>
              <dl className="grid gap-1.5 text-sm text-muted-foreground">
                <div className="flex items-center gap-2">
                  <User className="size-4 shrink-0" aria-hidden="true" />
                  <dt className="sr-only">{t('columns.customer')}</dt>
                  <dd className="truncate text-foreground">
                    <bdi>{customerName(visit)}</bdi>
                  </dd>
                </div>
                <div className="flex items-center gap-2">
                  <Car className="size-4 shrink-0" aria-hidden="true" />
                  <dt className="sr-only">{t('columns.vehicle')}</dt>
                  <dd className="truncate">
                    <Ltr className="font-mono text-foreground">{visit.vehicle.plateNumber}</Ltr> ·{' '}
                    <bdi>
                      {visit.vehicle.brand} {visit.vehicle.model}
                    </bdi>
                  </dd>
                </div>
                <div className="flex items-center gap-2">
                  <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
                  <dt className="sr-only">{t('columns.dueDate')}</dt>
                  <dd className={cn(visit.overdue && 'font-medium text-red-700 dark:text-red-300')}>
                    {t('due', { date: format.day(visit.dueDate) })}
                  </dd>
                </div>
              </dl>
              <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-3">
                <div className="flex flex-wrap gap-1.5">
                  <PaymentStatusBadge status={visit.paymentStatus} />
                  {visit.overdue && <OverdueBadge />}
                </div>
                <div className="text-end">
                  <div className="font-semibold tabular-nums">{format.money(visit.totalCostCents)}</div>
                  <div className="text-xs text-muted-foreground">{t('taskCount', { count: visit.taskCount })}</div>
                </div>
              </div>
            </Link>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function VisitTable({ visits }: { visits: VisitListItem[] }) {
  const { t } = useTranslation('visits');
  const format = useFormatters();
  return (
    <div className="rounded-xl border bg-card" data-testid="visit-table">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('columns.name')}</TableHead>
            <TableHead>{t('columns.customer')}</TableHead>
            <TableHead>{t('columns.vehicle')}</TableHead>
            <TableHead>{t('columns.status')}</TableHead>
            <TableHead>{t('columns.payment')}</TableHead>
            <TableHead>{t('columns.dueDate')}</TableHead>
            <TableHead className="text-end">{t('columns.total')}</TableHead>
            <TableHead className="text-end">{t('columns.balance')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {visits.map((visit) => (
            <TableRow key={visit.id} data-testid="visit-item" data-visit-id={visit.id}>
              <TableCell className="font-medium">
                <Link to={visitPath(visit)} className="hover:underline">
                  <bdi>{visit.name}</bdi>
                </Link>
              </TableCell>
              <TableCell>
                <bdi>{customerName(visit)}</bdi>
              </TableCell>
              <TableCell>
                <Ltr className="font-mono">{visit.vehicle.plateNumber}</Ltr>
              </TableCell>
              <TableCell>
                <VisitStatusBadge status={visit.status} />
              </TableCell>
              <TableCell>
                <PaymentStatusBadge status={visit.paymentStatus} />
              </TableCell>
              <TableCell>
                <span className="flex items-center gap-1.5">
                  {format.day(visit.dueDate)}
                  {visit.overdue && <OverdueBadge />}
                </span>
              </TableCell>
              <TableCell className="text-end tabular-nums">{format.money(visit.totalCostCents)}</TableCell>
              <TableCell className="text-end tabular-nums">{format.money(visit.balanceCents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function VisitCompactList({ visits }: { visits: VisitListItem[] }) {
  const format = useFormatters();
  return (
    <ul className="divide-y rounded-xl border bg-card" data-testid="visit-list">
      {visits.map((visit) => (
        <li key={visit.id} data-testid="visit-item" data-visit-id={visit.id}>
          <Link to={visitPath(visit)} className="flex items-center gap-3 px-4 py-3 hover:bg-muted/50">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <bdi className="truncate font-medium">{visit.name}</bdi>
                <VisitStatusBadge status={visit.status} />
                <PaymentStatusBadge status={visit.paymentStatus} />
                {visit.overdue && <OverdueBadge />}
              </div>
              <div className="truncate text-sm text-muted-foreground">
                {/* Each field in its own isolate: in Arabic a Latin name, a plate and a date written with digits
                    would otherwise be reordered across the separators. */}
                <bdi>{customerName(visit)}</bdi> · <Ltr>{visit.vehicle.plateNumber}</Ltr> · <bdi>{format.day(visit.dueDate)}</bdi>
              </div>
            </div>
            <span className="font-semibold tabular-nums">{format.money(visit.totalCostCents)}</span>
            <ChevronRight className="size-4 text-muted-foreground rtl:rotate-180" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
