// A customer's or a vehicle's visits (read-only summary; the visits feature owns the visit screens).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { VisitSummary } from '@garage/shared/schemas/vehicles';
import { PaymentStatusBadge, VisitStatusBadge, type PaymentStatus, type VisitStatus } from '../../components/status-badges.tsx';
import { AwaitingApprovalBadge } from '../approvals/index.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useFormatters } from '../../lib/formatters.ts';
import { Pager } from '../../components/pager.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { formatDistance } from '@garage/shared/distance';

interface VisitListProps {
  isPending: boolean;
  data?: { items: VisitSummary[]; page: number; pageCount: number; total: number };
  onPage: (page: number) => void;
  linkOf: (visit: VisitSummary) => string;
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
  const { money } = useFormatters();
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
                  {date.format(new Date(visit.visitDate))} · <Ltr>{visit.plateNumber}</Ltr>
                  {/* The odometer when it came in, in the vehicle's unit (stored in km). */}
                  {visit.odometerInKm !== null && (
                    <>
                      {' '}
                      · <Ltr testId="visit-odometer">{formatDistance(visit.odometerInKm, visit.distanceUnit, i18n.language)}</Ltr>
                    </>
                  )}
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {visit.awaitingApproval > 0 && <AwaitingApprovalBadge count={visit.awaitingApproval} />}
                <VisitStatusBadge status={visit.status as VisitStatus} />
                <PaymentStatusBadge status={visit.paymentStatus as PaymentStatus} />
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
