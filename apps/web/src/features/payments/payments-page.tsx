// /admin/payments: the global payment history with filters (method, record status, date range), kept in
// the URL. 'Error loading payments' (SPEC §8) when it cannot be read.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES } from '@garage/shared/constants';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { browserTimeZone, useFormatters } from '../../lib/formatters.ts';
import { PaymentRecordBadge } from './payment-record-badge.tsx';

const ALL = 'all';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  value && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function PaymentsPage() {
  const { t } = useTranslation('payments');
  const trpc = useTRPC();
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const query = {
    method: oneOf(PAYMENT_METHODS, params.get('method')),
    status: oneOf(PAYMENT_RECORD_STATUSES, params.get('status')),
    from: ISO_DATE.test(params.get('from') ?? '') ? params.get('from')! : undefined,
    to: ISO_DATE.test(params.get('to') ?? '') ? params.get('to')! : undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    timeZone: browserTimeZone(),
  };
  const set = (key: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value && value !== ALL) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });
  const payments = useQuery({ ...trpc.payments.list.queryOptions(query), placeholderData: keepPreviousData });
  const page = payments.data;

  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('historyTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('historySubtitle')}</p>
      </header>
      <div className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-3 md:grid-cols-4">
        {(
          [
            ['method', PAYMENT_METHODS, 'method'],
            ['status', PAYMENT_RECORD_STATUSES, 'recordStatus'],
          ] as const
        ).map(([key, options, labels]) => (
          <label key={key} className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
            {t(`filters.${key}`)}
            <Select value={query[key] ?? ALL} onValueChange={(value) => set(key, value)}>
              <SelectTrigger className="w-full" data-testid={`payments-${key}`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t('filters.any')}</SelectItem>
                {options.map((option) => (
                  <SelectItem key={option} value={option}>
                    {t(`${labels}.${option}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </label>
        ))}
        {(['from', 'to'] as const).map((key) => (
          <label key={key} className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
            {t(`filters.${key}`)}
            <Input
              type="date"
              value={query[key] ?? ''}
              onChange={(event) => set(key, event.target.value || undefined)}
              data-testid={`payments-${key}`}
            />
          </label>
        ))}
      </div>

      {payments.isLoading && <Skeleton className="h-64 rounded-xl" />}
      {payments.isError && (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center">
          <p className="font-medium">{t('loadFailed')}</p>
          <Button variant="outline" className="mt-3" onClick={() => payments.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
      {page && page.items.length === 0 && (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{t('noneFound')}</p>
      )}
      {page && page.items.length > 0 && (
        <>
          <ul className="divide-y rounded-xl border bg-card md:hidden">
            {page.items.map((payment) => (
              <li key={payment.id} className="flex flex-col gap-1 p-3" data-testid="payments-row">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold tabular-nums">
                    {payment.status === 'REFUNDED' ? '−' : ''}
                    {format.money(payment.amountCents)}
                  </span>
                  <PaymentRecordBadge status={payment.status} />
                </div>
                <Link
                  className="truncate text-sm font-medium hover:underline"
                  to={`/admin/users/${payment.visit.customerId}/vehicle/${payment.visit.vehicleId}/visit/${payment.visit.id}`}
                >
                  <bdi>{payment.visit.name}</bdi>
                </Link>
                <p className="text-xs text-muted-foreground">
                  <bdi>
                    {payment.customer.firstName} {payment.customer.lastName}
                  </bdi>{' '}
                  · {t(`method.${payment.method}`)} · <bdi>{format.dateTime(payment.createdAt)}</bdi>
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden rounded-xl border bg-card md:block">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('columns.date')}</TableHead>
                  <TableHead>{t('columns.customer')}</TableHead>
                  <TableHead>{t('columns.visit')}</TableHead>
                  <TableHead>{t('columns.method')}</TableHead>
                  <TableHead>{t('columns.status')}</TableHead>
                  <TableHead className="text-end">{t('columns.amount')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {page.items.map((payment) => (
                  <TableRow key={payment.id} data-testid="payments-row">
                    <TableCell>{format.dateTime(payment.createdAt)}</TableCell>
                    <TableCell>
                      {payment.customer.firstName} {payment.customer.lastName}
                    </TableCell>
                    <TableCell>
                      <Link
                        className="hover:underline"
                        to={`/admin/users/${payment.visit.customerId}/vehicle/${payment.visit.vehicleId}/visit/${payment.visit.id}`}
                      >
                        <bdi>{payment.visit.name}</bdi>
                      </Link>
                    </TableCell>
                    <TableCell>{t(`method.${payment.method}`)}</TableCell>
                    <TableCell>
                      <PaymentRecordBadge status={payment.status} />
                    </TableCell>
                    <TableCell className="text-end tabular-nums">
                      {payment.status === 'REFUNDED' ? '−' : ''}
                      {format.money(payment.amountCents)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <nav className="flex items-center justify-end gap-2 text-sm" aria-label={t('pagination.label')}>
            <Button variant="outline" size="sm" disabled={page.page <= 1} onClick={() => set('page', String(page.page - 1))}>
              <ChevronLeft className="rtl:rotate-180" aria-hidden="true" />
              {t('pagination.previous')}
            </Button>
            <span className="tabular-nums">{t('pagination.page', { page: page.page, pages: page.pageCount })}</span>
            <Button variant="outline" size="sm" disabled={page.page >= page.pageCount} onClick={() => set('page', String(page.page + 1))}>
              {t('pagination.next')}
              <ChevronRight className="rtl:rotate-180" aria-hidden="true" />
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
