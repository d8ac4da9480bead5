// A customer's or a vehicle's visits (read-only summary; the visits feature owns the visit screens).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { VisitSummary } from '@garage/shared/schemas/vehicles';
import { Badge } from '../../components/ui/badge.tsx';
import { AwaitingApprovalBadge } from '../approvals/approval-badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Pager } from '../users/pager.tsx';

interface VisitListProps {
  isPending: boolean;
  data?: { items: VisitSummary[]; page: number; pageCount: number; total: number };
  onPage: (page: number) => void;
  linkOf: (visit: VisitSummary) => string;
}

function useMoney() {
  const { i18n } = useTranslation();
  const trpc = useTRPC();
  const merchant = useQuery({ ...trpc.merchant.get.queryOptions(), staleTime: 30 * 60_000 });
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: merchant.data?.currency ?? 'USD' });
  return (cents: number) => format.format(cents / 100);
}

/** The visits in a card of their own, under `title`. */
export function VisitsCard({ title, ...list }: VisitListProps & { title: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <VisitList {...list} />
      </CardContent>
    </Card>
  );
}

function VisitList({ isPending, data, onPage, linkOf }: VisitListProps) {
  const { t, i18n } = useTranslation('vehicles');
  const money = useMoney();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (isPending) return <Skeleton className="h-24 w-full" />;
  if (!data || data.items.length === 0) return <p className="text-sm text-muted-foreground">{t('visits.empty')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {data.items.map((visit) => (
          <li key={visit.id}>
            <Card className="flex flex-row flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <Link to={linkOf(visit)} className="font-medium hover:underline">
                  {visit.name}
                </Link>
                <div className="text-xs text-muted-foreground">
                  {date.format(new Date(visit.visitDate))} · <bdi>{visit.plateNumber}</bdi>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {visit.awaitingApproval > 0 && <AwaitingApprovalBadge count={visit.awaitingApproval} />}
                <Badge variant="outline">{t(`visits.status.${visit.status}`, { defaultValue: visit.status })}</Badge>
                <Badge variant={visit.paymentStatus === 'PAID' ? 'success' : 'secondary'}>
                  {t(`visits.payment.${visit.paymentStatus}`, { defaultValue: visit.paymentStatus })}
                </Badge>
                <span className="text-sm font-medium tabular-nums">{money(visit.totalCostCents)}</span>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <Pager page={data.page} pageCount={data.pageCount} total={data.total} onPage={onPage} />
    </div>
  );
}
