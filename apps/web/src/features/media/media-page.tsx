// /admin/media/:userId[/:vehicleId[/:visitId]] (staff: view, upload, rename, move, delete) and
// /client/media/:userId[/...] (the client: view, preview, download and share their own files, add files,
// and delete the ones they added themselves; the garage's files are its records). Filters live in the URL.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MEDIA_SECTIONS, type MediaContextView, type MediaSection, type MediaView } from '@garage/shared/schemas/media';
import { DATE_FILTERS, MEDIA_TYPES } from '@garage/shared/constants';
import { dateFilterRange, type DateFilter } from '@garage/shared/visit-rules';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { BackLink, type Back } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { MediaDialogs } from './media-dialogs.tsx';
import { MediaGrid, type MediaAction } from './media-grid.tsx';
import { MediaLightbox } from './media-lightbox.tsx';
import { MediaUploadPanel } from './media-upload-panel.tsx';
import { useMediaUpload } from './use-media-upload.ts';

const ALL = 'all';

function ScopeSelect({
  id,
  label,
  value,
  options,
  onChange,
  wide,
}: {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
  wide?: boolean;
}) {
  return (
    // Vehicle and visit names are long: a row each on phones, half a row each on desktops; the short
    // filters share the next row.
    <div className={cn('flex min-w-0 flex-col gap-1', wide ? 'col-span-2 lg:col-span-3' : 'lg:col-span-2')}>
      <span id={`${id}-label`} className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger aria-labelledby={`${id}-label`} className="w-full" data-testid={`${id}-select`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value} data-testid={`${id}-option-${option.value}`}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function backOf(t: (key: string) => string, staff: boolean, ids: { userId: string; vehicleId?: string; visitId?: string }): Back {
  const { userId, vehicleId, visitId } = ids;
  if (staff) {
    if (vehicleId && visitId) return { to: `/admin/users/${userId}/vehicle/${vehicleId}/visit/${visitId}`, label: t('back.visit') };
    if (vehicleId) return { to: `/admin/users/${userId}/vehicle/${vehicleId}`, label: t('back.vehicle') };
    return { to: `/admin/users/${userId}`, label: t('back.customer') };
  }
  if (vehicleId && visitId) return { to: `/client/overview/${vehicleId}/${visitId}`, label: t('back.myVisit') };
  if (vehicleId) return { to: `/client/overview/${vehicleId}`, label: t('back.myVehicle') };
  return { to: '/client/overview', label: t('back.myVehicles') };
}

const vehicleLabel = (vehicle: MediaContextView['vehicles'][number]) => `${vehicle.brand} ${vehicle.model} · ${vehicle.plateNumber}`;

export function MediaPage() {
  const { userId = '', vehicleId, visitId } = useParams();
  const staff = !useLocation().pathname.startsWith('/client');
  const { user } = useAuth();
  const { t } = useTranslation(['media', 'validation', 'fields']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ action: MediaAction; file: MediaView } | null>(null);

  const type = (MEDIA_TYPES as readonly string[]).includes(search.get('type') ?? '')
    ? (search.get('type') as (typeof MEDIA_TYPES)[number])
    : undefined;
  const section = (MEDIA_SECTIONS as readonly string[]).includes(search.get('section') ?? '')
    ? (search.get('section') as MediaSection)
    : undefined;
  const date = (DATE_FILTERS as readonly string[]).includes(search.get('date') ?? '') ? (search.get('date') as DateFilter) : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  // "Added today", "last 7 days"...: calendar days of this browser's time zone, computed once per choice
  // (a range recomputed on every render would change the query key each time).
  const added = useMemo(() => {
    if (!date) return {};
    const range = dateFilterRange(date, new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
    return { from: range.from.toISOString(), to: range.to.toISOString() };
  }, [date]);
  const filters = { vehicleId, visitId, type, section, ...added, page };
  // A client's URL names their own account; any other id is "not found", like the API says for files.
  const foreignClientUrl = !staff && !!user && user.id !== userId;

  const staffContext = useQuery({ ...trpc.media.context.queryOptions({ ownerId: userId, vehicleId, visitId }), enabled: staff });
  const myContext = useQuery({ ...trpc.myMedia.context.queryOptions({ vehicleId, visitId }), enabled: !staff && !foreignClientUrl });
  const staffList = useQuery({
    ...trpc.media.list.queryOptions({ ownerId: userId, ...filters }),
    enabled: staff,
    placeholderData: keepPreviousData,
  });
  const myList = useQuery({
    ...trpc.myMedia.list.queryOptions(filters),
    enabled: !staff && !foreignClientUrl,
    placeholderData: keepPreviousData,
  });
  const context = staff ? staffContext : myContext;
  const list = staff ? staffList : myList;

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: (staff ? trpc.media : trpc.myMedia).pathKey() }),
    [queryClient, staff, trpc],
  );
  const uploads = useMediaUpload({
    onUploaded: () => {
      toast.success(t('toasts.uploaded'), { id: 'media-uploaded' });
      void refresh();
    },
    onFailed: () => toast.error(t('toasts.createFailed'), { id: 'media-create-failed' }),
  });

  const setFilter = (name: 'type' | 'section' | 'date', value: string) => {
    const next = new URLSearchParams(search);
    if (value === ALL) next.delete(name);
    else next.set(name, value);
    next.delete('page');
    setSearch(next, { replace: true });
  };
  const setPage = (value: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(value));
    setSearch(next);
  };
  const base = staff ? '/admin/media' : '/client/media';
  // The client area's menu entry (/client/media) opens the client's own files.
  if (!userId && user) return <Navigate to={`/client/media/${user.id}`} replace />;
  const back = backOf(t, staff, { userId, vehicleId, visitId });

  if (foreignClientUrl || context.isError) {
    return (
      <LoadErrorCard
        message={foreignClientUrl || context.error?.data?.code === 'NOT_FOUND' ? t('notFound') : t('loadFailed')}
        back={back}
      />
    );
  }
  if (context.isPending) return <Skeleton className="h-96 w-full" />;
  const ctx = context.data;
  const vehicle = ctx.vehicles.find((item) => item.id === vehicleId);
  const visit = ctx.visits.find((item) => item.id === visitId);
  const visitsOfVehicle = ctx.visits.filter((item) => item.vehicleId === vehicleId);
  const place = visit ? visit.name : vehicle ? vehicleLabel(vehicle) : `${ctx.customer.firstName} ${ctx.customer.lastName}`;
  const files = list.data?.items ?? [];
  const filtered = !!type || !!section || !!date;

  return (
    <section className="flex flex-col gap-4" data-testid="media-page">
      <BackLink {...back} />
      <Card>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-semibold">{t('title')}</h1>
            <p className="text-sm text-muted-foreground" dir="auto">
              {staff ? t('subtitle', { name: `${ctx.customer.firstName} ${ctx.customer.lastName}` }) : t('mySubtitle')}
            </p>
          </div>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
            <ScopeSelect
              wide
              id="media-vehicle"
              label={t('scope.vehicle')}
              value={vehicleId ?? ALL}
              options={[
                { value: ALL, label: t('scope.allVehicles') },
                ...ctx.vehicles.map((item) => ({ value: item.id, label: vehicleLabel(item) })),
              ]}
              onChange={(next) => navigate(next === ALL ? `${base}/${userId}` : `${base}/${userId}/${next}`)}
            />
            <ScopeSelect
              wide
              id="media-visit"
              label={t('scope.visit')}
              value={visitId ?? ALL}
              options={[
                { value: ALL, label: t('scope.allVisits') },
                ...(vehicleId ? visitsOfVehicle : ctx.visits).map((item) => ({ value: item.id, label: item.name })),
              ]}
              onChange={(next) => {
                const chosen = ctx.visits.find((item) => item.id === next);
                navigate(
                  chosen
                    ? `${base}/${userId}/${chosen.vehicleId}/${chosen.id}`
                    : vehicleId
                      ? `${base}/${userId}/${vehicleId}`
                      : `${base}/${userId}`,
                );
              }}
            />
            <ScopeSelect
              id="media-type"
              label={t('filters.type')}
              value={type ?? ALL}
              options={[
                { value: ALL, label: t('filters.all') },
                ...MEDIA_TYPES.map((option) => ({ value: option, label: t(`types.${option}`) })),
              ]}
              onChange={(next) => setFilter('type', next)}
            />
            <ScopeSelect
              id="media-section"
              label={t('filters.section')}
              value={section ?? ALL}
              options={[
                { value: ALL, label: t('filters.all') },
                ...MEDIA_SECTIONS.map((option) => ({ value: option, label: t(`sections.${option}`) })),
              ]}
              onChange={(next) => setFilter('section', next)}
            />
            <ScopeSelect
              id="media-date"
              label={t('dates.label')}
              value={date ?? ALL}
              options={[
                { value: ALL, label: t('dates.all') },
                ...DATE_FILTERS.map((option) => ({ value: option, label: t(`dates.${option}`) })),
              ]}
              onChange={(next) => setFilter('date', next)}
            />
          </div>
        </CardContent>
      </Card>

      <MediaUploadPanel
        place={place}
        items={uploads.items}
        onDismiss={uploads.dismiss}
        onFiles={(chosen, chosenSection) =>
          void uploads.upload(chosen, { area: staff ? 'staff' : 'client', ownerId: userId, vehicleId, visitId, section: chosenSection })
        }
      />

      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span data-testid="media-count">{list.data ? t('count', { count: list.data.total }) : ''}</span>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={() => setSearch(new URLSearchParams(), { replace: true })}>
            {t('filters.clear')}
          </Button>
        )}
      </div>

      {list.isPending ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="aspect-square w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadErrorCard message={t('loadFailed')} />
      ) : files.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-10 text-center text-muted-foreground" data-testid="media-empty">
          <ImageOff className="size-10" aria-hidden="true" />
          <p>{filtered ? t('emptyFiltered') : staff ? t('emptyStaff') : t('emptyClient')}</p>
        </Card>
      ) : (
        <MediaGrid
          files={files}
          canEdit={staff}
          canDelete={(file) => !!user && file.uploadedById === user.id}
          onOpen={setOpen}
          onAction={(action, file) => setEditing({ action, file })}
        />
      )}

      {list.data && list.data.pageCount > 1 && (
        <nav className="flex items-center justify-center gap-3" aria-label={t('page', { page, count: list.data.pageCount })}>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('actions.previous')}
          </Button>
          <span className="text-sm">{t('page', { page, count: list.data.pageCount })}</span>
          <Button variant="outline" size="sm" disabled={page >= list.data.pageCount} onClick={() => setPage(page + 1)}>
            {t('actions.next')}
          </Button>
        </nav>
      )}

      <MediaLightbox files={files} index={open} onIndex={setOpen} />
      <MediaDialogs
        staff={staff}
        action={editing?.action ?? null}
        file={editing?.file ?? null}
        context={ctx}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
