// /admin/parts/:partId: a part's stock at a glance (big figures in its unit), its price and, for admins, its
// cost and margin; the actions on its stock (receive for all staff; adjust and count for admins) and the ledger
// that explains every change.
import { useMutation, useQuery } from '@tanstack/react-query';
import { AlertTriangle, Archive, ArchiveRestore, ClipboardCheck, PackagePlus, Pencil, SlidersHorizontal, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { marginBasisPoints } from '@garage/shared/inventory-rules';
import type { PartView } from '@garage/shared/schemas/inventory';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { BackLink } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { errorCode, errorMessageOf } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { MovementsLedger } from './movements-ledger.tsx';
import { PartFormDialog } from './part-form-dialog.tsx';
import { type StockAction, StockActionDialog } from './stock-dialogs.tsx';
import { useQuantityFormat } from './units.ts';
import { usePartsRefresh } from './use-parts-refresh.ts';

export function PartDetailPage() {
  const { t } = useTranslation(['parts', 'common']);
  const { partId = '' } = useParams();
  const trpc = useTRPC();
  const isAdmin = useAuth().roles.includes('ADMIN');
  const query = useQuery(trpc.parts.get.queryOptions({ id: partId }));
  const back = { to: '/admin/parts', label: t('detail.back') };

  if (query.isPending) {
    return (
      <section className="flex flex-col gap-5" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-64 w-full" />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="flex flex-col gap-5">
        <h1 className="text-2xl font-semibold">{t('detail.notFoundTitle')}</h1>
        <LoadErrorCard message={errorCode(query.error) === 'NOT_FOUND' ? t('detail.notFound') : t('detail.loadFailed')} back={back} />
      </section>
    );
  }
  return <PartDetail part={query.data} isAdmin={isAdmin} back={back} />;
}

function PartDetail({ part, isAdmin, back }: { part: PartView; isAdmin: boolean; back: { to: string; label: string } }) {
  const { t } = useTranslation(['parts', 'common']);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const refresh = usePartsRefresh();
  const format = useFormatters();
  const quantities = useQuantityFormat();
  const [action, setAction] = useState<StockAction | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const setArchived = useMutation(trpc.parts.setArchived.mutationOptions());
  const remove = useMutation(trpc.parts.delete.mutationOptions());
  const archived = part.archivedAt !== null;
  const margin = part.costCents === null ? null : marginBasisPoints(part.sellingPriceCents, part.costCents);

  const toggleArchived = async () => {
    try {
      await setArchived.mutateAsync({ id: part.id, archived: !archived });
      await refresh();
      toast.success(t(archived ? 'parts:toasts.restored' : 'parts:toasts.archived'));
    } catch (error) {
      toast.error(errorMessageOf(t, error) ?? t('parts:toasts.updateFailed'));
    }
  };

  return (
    <section className="flex flex-col gap-5">
      <BackLink {...back} />
      <header className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words" data-testid="part-name">
            {part.name}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <bdi dir="ltr" className="font-mono">
              {part.partNumber}
            </bdi>
            {part.brand && <span aria-hidden="true">·</span>}
            {part.brand && <span>{part.brand}</span>}
            {part.category && <span aria-hidden="true">·</span>}
            {part.category && <span>{part.category}</span>}
            {part.lowStock && (
              <Badge variant="danger">
                <AlertTriangle aria-hidden="true" />
                {t('badges.lowStock')}
              </Badge>
            )}
            {archived && <Badge variant="neutral">{t('badges.archived')}</Badge>}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button className="h-11" onClick={() => setAction('receive')} disabled={archived} data-testid="part-receive">
            <PackagePlus />
            {t('detail.actions.receive')}
          </Button>
          {isAdmin && (
            <>
              <Button variant="outline" className="h-11" onClick={() => setAction('adjust')} disabled={archived} data-testid="part-adjust">
                <SlidersHorizontal />
                {t('detail.actions.adjust')}
              </Button>
              <Button variant="outline" className="h-11" onClick={() => setAction('count')} disabled={archived} data-testid="part-count">
                <ClipboardCheck />
                {t('detail.actions.count')}
              </Button>
              <Button variant="outline" className="h-11" onClick={() => setEditing(true)} data-testid="part-edit">
                <Pencil />
                {t('common:actions.edit')}
              </Button>
              <Button variant="outline" className="h-11" onClick={() => void toggleArchived()} disabled={setArchived.isPending}>
                {archived ? <ArchiveRestore /> : <Archive />}
                {archived ? t('detail.actions.restore') : t('detail.actions.archive')}
              </Button>
              <Button variant="outline" className="h-11 text-destructive" onClick={() => setDeleting(true)}>
                <Trash2 />
                {t('common:actions.delete')}
              </Button>
            </>
          )}
        </div>
      </header>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="part-figures">
        <Figure label={t('figures.onHand')} testId="figure-on-hand" strong>
          {quantities.quantity(part.onHand, part.unit)}
        </Figure>
        <Figure label={t('figures.reserved')} testId="figure-reserved">
          {quantities.quantity(part.reserved, part.unit)}
        </Figure>
        <Figure label={t('figures.available')} testId="figure-available" danger={part.available < 0}>
          {quantities.quantity(part.available, part.unit)}
        </Figure>
        <Figure label={t('figures.onOrder')} testId="figure-on-order">
          {quantities.quantity(part.onOrder, part.unit)}
        </Figure>
        <Figure label={t('figures.price')} testId="figure-price">
          {format.money(part.sellingPriceCents)}
          {part.priceCents === null && <span className="block text-xs font-normal text-muted-foreground">{t('figures.fromMarkup')}</span>}
        </Figure>
        {part.costCents !== null && (
          <>
            <Figure label={t('figures.cost')} testId="figure-cost">
              {format.money(part.costCents)}
            </Figure>
            <Figure label={t('figures.margin')} testId="figure-margin" danger={margin !== null && margin < 0}>
              {margin === null ? '—' : <bdi dir="ltr">{`${(margin / 100).toFixed(1)} %`}</bdi>}
            </Figure>
          </>
        )}
      </div>

      <Card>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Fact label={t('fields.barcode')}>{part.barcode ? <bdi dir="ltr">{part.barcode}</bdi> : '—'}</Fact>
            <Fact label={t('fields.binLocation')}>{part.binLocation ?? '—'}</Fact>
            <Fact label={t('fields.supplier')}>{part.supplier?.name ?? '—'}</Fact>
            <Fact label={t('fields.reorderPoint')}>
              {part.reorderPoint === null ? '—' : quantities.quantity(part.reorderPoint, part.unit)}
            </Fact>
            <Fact label={t('fields.reorderQuantity')}>
              {part.reorderQuantity === null ? '—' : quantities.quantity(part.reorderQuantity, part.unit)}
            </Fact>
            <Fact label={t('fields.unit')}>{t(`units.${part.unit}.name`)}</Fact>
            {part.notes && (
              <div className="sm:col-span-2 lg:col-span-3">
                <dt className="text-muted-foreground">{t('fields.notes')}</dt>
                <dd className="whitespace-pre-line">{part.notes}</dd>
              </div>
            )}
          </dl>
        </CardContent>
      </Card>

      <MovementsLedger part={part} />

      <StockActionDialog part={part} action={action} isAdmin={isAdmin} onClose={() => setAction(null)} />
      {isAdmin && <PartFormDialog open={editing} onOpenChange={setEditing} part={part} />}
      {isAdmin && (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={t('detail.deleteTitle', { name: part.name })}
          description={t('detail.deleteDescription')}
          busy={remove.isPending}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: part.id });
              await refresh();
              toast.success(t('parts:toasts.deleted'));
              navigate('/admin/parts');
            } catch (error) {
              toast.error(errorMessageOf(t, error) ?? t('parts:toasts.deleteFailed'));
              throw error;
            }
          }}
        />
      )}
    </section>
  );
}

function Figure({
  label,
  testId,
  strong,
  danger,
  children,
}: {
  label: string;
  testId: string;
  strong?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className={`gap-1 p-4 ${strong ? 'border-primary/40' : ''}`}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className={`text-2xl font-semibold tabular-nums ${danger ? 'text-destructive' : ''}`} data-testid={testId}>
        {children}
      </p>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
