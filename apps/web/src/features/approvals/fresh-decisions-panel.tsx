// On the staff visits list: the customer decisions nobody has looked at yet, each linking to its visit
// (where staff mark them seen). Hidden when there are none.
import type { FreshDecisions } from '@garage/shared/schemas/approvals';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useFormatters } from '../../lib/formatters.ts';
import { ApprovalBadge } from './approval-badge.tsx';
import { useFreshDecisions } from './decisions-badge.tsx';

const visitPath = (item: FreshDecisions['items'][number]) =>
  `/admin/users/${item.visit.customerId}/vehicle/${item.visit.vehicleId}/visit/${item.visit.id}`;

export function FreshDecisionsPanel() {
  const { t } = useTranslation('approvals');
  const format = useFormatters();
  const fresh = useFreshDecisions();
  const data = fresh.data;
  if (!data || data.count === 0) return null;
  return (
    <Card className="gap-3 border-amber-500/50 py-4" data-testid="fresh-decisions">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Bell className="size-4 text-amber-600" aria-hidden="true" />
          {t('staff.fresh.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2 text-sm">
          {data.items.map((item) => (
            <li key={item.taskId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <ApprovalBadge state={item.decision} />
              <Link to={visitPath(item)} className="font-medium hover:underline">
                {item.title}
              </Link>
              <span className="text-muted-foreground">
                <bdi>
                  {item.customer.firstName} {item.customer.lastName}
                </bdi>{' '}
                · <bdi>{item.visit.name}</bdi> · {format.money(item.grossCents)} · <bdi>{format.dateTime(item.decidedAt)}</bdi>
              </span>
            </li>
          ))}
        </ul>
        {data.count > data.items.length && (
          <p className="mt-2 text-xs text-muted-foreground">{t('staff.fresh.more', { count: data.count - data.items.length })}</p>
        )}
      </CardContent>
    </Card>
  );
}
