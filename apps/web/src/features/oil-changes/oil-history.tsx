// The oil summary ("due in N km" / "overdue by N km") and the history, newest first, a window at a time.
// Readings are stored in km and shown in the vehicle's unit (`unit`).
import type { DistanceUnit } from '@garage/shared/distance';
import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OilHistory } from '@garage/shared/schemas/oil-changes';
import { FactList } from '../../components/fact-list.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { OilStatusBadge } from '../vehicles/index.ts';
import { OilRowActions } from './oil-row-actions.tsx';
import { useKmAndDate } from '../../lib/use-km-and-date.ts';

export function OilSummaryCard({ summary, unit = 'KM' }: { summary: OilHistory['summary']; unit?: DistanceUnit }) {
  const { t } = useTranslation('oil');
  const format = useKmAndDate();
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <FactList
          className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3"
          valueClassName="text-lg font-semibold tabular-nums"
          facts={[
            [t('summary.latestKm'), format.km(summary.latestKm, unit)],
            [t('summary.lastKmUpdate'), format.date(summary.lastKmUpdate)],
            [t('summary.nextChangeKm'), format.km(summary.nextChangeKm, unit)],
          ]}
        />
        <OilStatusBadge dueInKm={summary.dueInKm} unit={unit} />
      </CardContent>
    </Card>
  );
}

/** `editable` (staff): each row can be corrected or deleted. `footer`: the pager of a long history. */
export function OilHistoryCard({
  items,
  editable = false,
  footer,
  unit = 'KM',
}: {
  items: OilHistory['items'];
  editable?: boolean;
  footer?: ReactNode;
  unit?: DistanceUnit;
}) {
  const { t } = useTranslation('oil');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <OilHistoryList items={items} editable={editable} unit={unit} />
        {footer}
      </CardContent>
    </Card>
  );
}

function OilHistoryList({ items, editable, unit }: { items: OilHistory['items']; editable: boolean; unit: DistanceUnit }) {
  const { t } = useTranslation('oil');
  const format = useKmAndDate();
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t('history.empty')}</p>;
  const filter = (changed: boolean) =>
    changed ? (
      <Check className="size-4 text-success" aria-label={t('history.filterChanged')} />
    ) : (
      <Minus className="size-4 text-muted-foreground" aria-label={t('history.filterKept')} />
    );
  return (
    <>
      <div className="hidden md:block">
        <Table data-testid="oil-history">
          <TableHeader>
            <TableRow>
              <TableHead>{t('history.date')}</TableHead>
              <TableHead>{t('fields.oilName')}</TableHead>
              <TableHead className="text-end">{t('fields.currentKm')}</TableHead>
              <TableHead className="text-end">{t('fields.nextChangeKm')}</TableHead>
              <TableHead>{t('fields.filterChanged')}</TableHead>
              <TableHead>{t('fields.notes')}</TableHead>
              {editable && (
                <TableHead className="w-0">
                  <span className="sr-only">{t('history.actions')}</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>
                  <div>{format.date(item.createdAt)}</div>
                  {item.recordedBy && (
                    <div className="text-xs text-muted-foreground">
                      {item.recordedBy.firstName} {item.recordedBy.lastName}
                    </div>
                  )}
                </TableCell>
                <TableCell>
                  <div className="font-medium">{item.oilName}</div>
                  <div className="text-xs text-muted-foreground">{item.oilType}</div>
                </TableCell>
                <TableCell className="text-end tabular-nums">{format.km(item.currentKm, unit)}</TableCell>
                <TableCell className="text-end tabular-nums">{format.km(item.nextChangeKm, unit)}</TableCell>
                <TableCell>{filter(item.filterChanged)}</TableCell>
                <TableCell className="max-w-64 whitespace-normal text-sm" dir="auto">
                  {item.notes ?? ''}
                </TableCell>
                {editable && (
                  <TableCell>
                    <OilRowActions item={item} unit={unit} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-2 md:hidden" data-testid="oil-history-cards">
        {items.map((item) => (
          <li key={item.id}>
            <Card className="flex flex-col gap-1 p-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">{item.oilName}</span>
                <span className="text-xs text-muted-foreground">{format.date(item.createdAt)}</span>
              </div>
              <div className="text-muted-foreground">{item.oilType}</div>
              <dl className="grid grid-cols-2 gap-2 tabular-nums">
                <div>
                  <dt className="text-xs text-muted-foreground">{t('fields.currentKm')}</dt>
                  <dd>{format.km(item.currentKm, unit)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t('fields.nextChangeKm')}</dt>
                  <dd>{format.km(item.nextChangeKm, unit)}</dd>
                </div>
              </dl>
              <div className="flex items-center gap-2">
                {filter(item.filterChanged)}
                <span>{item.filterChanged ? t('history.filterChanged') : t('history.filterKept')}</span>
              </div>
              {item.notes && (
                <p className="text-muted-foreground" dir="auto">
                  {item.notes}
                </p>
              )}
              {editable && <OilRowActions item={item} unit={unit} />}
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
