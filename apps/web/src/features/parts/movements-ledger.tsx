// A part's stock ledger, newest first: every movement with its kind, signed quantity, the stock after it
// (the running balance), why, where it came from (a task of a visit, a purchase order), who and when.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StockMovementKind } from '@garage/shared/inventory-rules';
import type { PartView, StockMovementView } from '@garage/shared/schemas/inventory';
import { Pager } from '../../components/pager.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useQuantityFormat } from './units.ts';

const PAGE_SIZE = 20;

const KIND_TONE: Record<StockMovementKind, 'success' | 'info' | 'accent' | 'progress' | 'neutral'> = {
  RECEIVED: 'success',
  USED: 'info',
  RETURNED: 'accent',
  ADJUSTED: 'progress',
  COUNTED: 'neutral',
};

export function MovementsLedger({ part }: { part: PartView }) {
  const { t } = useTranslation(['parts', 'common']);
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const movements = useQuery({
    ...trpc.parts.stock.movements.queryOptions({ partId: part.id, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('ledger.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {movements.isPending ? (
          Array.from({ length: 4 }, (_, index) => <Skeleton key={index} className="h-14 w-full" />)
        ) : movements.isError ? (
          <p className="text-destructive">{t('ledger.loadFailed')}</p>
        ) : movements.data.items.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{t('ledger.empty')}</p>
        ) : (
          <ol className="flex flex-col divide-y" data-testid="movements-ledger">
            {movements.data.items.map((movement) => (
              <MovementRow key={movement.id} movement={movement} />
            ))}
          </ol>
        )}
        {movements.data && (
          <Pager page={movements.data.page} pageCount={movements.data.pageCount} total={movements.data.total} onPage={setPage} />
        )}
      </CardContent>
    </Card>
  );
}

function MovementRow({ movement }: { movement: StockMovementView }) {
  const { t } = useTranslation('parts');
  const format = useFormatters();
  const quantities = useQuantityFormat();
  const { task, purchaseOrder, user } = movement;
  const unit = movement.part.unit;
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="movement-row" data-kind={movement.kind}>
      <div className="flex items-center gap-3 sm:w-64">
        <Badge variant={KIND_TONE[movement.kind]}>{t(`ledger.kinds.${movement.kind}`)}</Badge>
        <bdi
          dir="ltr"
          className={`font-semibold tabular-nums ${movement.quantity < 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400'}`}
          data-testid="movement-quantity"
        >
          {quantities.quantity(movement.quantity, unit, { signed: true })}
        </bdi>
      </div>
      <div className="min-w-0 flex-1 text-sm">
        {movement.reason && <p className="break-words">{movement.reason}</p>}
        {task && (
          <p className="text-muted-foreground">
            {task.customerId && task.vehicleId ? (
              <Link
                className="underline-offset-4 hover:underline"
                to={`/admin/users/${task.customerId}/vehicle/${task.vehicleId}/visit/${task.visitId}/task/${task.id}`}
              >
                {t('ledger.task', { task: task.title, visit: task.visitName })}
              </Link>
            ) : (
              t('ledger.task', { task: task.title, visit: task.visitName })
            )}
          </p>
        )}
        {purchaseOrder && (
          <p className="text-muted-foreground">
            <Link className="underline-offset-4 hover:underline" to={`/admin/purchase-orders/${purchaseOrder.id}`}>
              {t('ledger.order', { number: purchaseOrder.number })}
            </Link>
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          {format.dateTime(movement.createdAt)}
          {user && ` · ${user.firstName} ${user.lastName}`}
          {movement.unitCostCents !== null && ` · ${t('ledger.unitCost', { cost: format.money(movement.unitCostCents) })}`}
        </p>
      </div>
      <div className="text-sm sm:text-end">
        <span className="text-xs text-muted-foreground">{t('ledger.balance')} </span>
        <bdi dir="ltr" className="font-medium tabular-nums" data-testid="movement-balance">
          {quantities.quantity(movement.onHandAfter, unit)}
        </bdi>
      </div>
    </li>
  );
}
