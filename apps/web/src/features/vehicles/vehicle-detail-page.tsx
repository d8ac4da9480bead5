// /admin/users/:userId/vehicle/:vehicleId: the vehicle, its owner, its oil summary and its visits.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Droplet, Images, Pencil, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FormDialog } from '../../components/form-dialog.tsx';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessageOf } from '../../lib/form-errors.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { VehicleBadges, VehiclePicture, VehicleTitle } from './vehicle-card.tsx';
import { VehicleFacts } from './vehicle-facts.tsx';
import { VehicleForm } from './vehicle-form.tsx';
import { VisitsCard } from './visit-list.tsx';
import { SpecCard } from './spec-card.tsx';
import { DeclinedWorkCard } from '../approvals/index.ts';
import { VehicleRemindersCard } from '../reminders/index.ts';
import { VehicleMeasurementsCard } from './vehicle-measurements-card.tsx';
import { VehicleInspectionsCard } from '../visits/index.ts';

export function VehicleDetailPage() {
  const { userId = '', vehicleId = '' } = useParams();
  const { t } = useTranslation(['vehicles', 'users', 'validation', 'fields', 'common', 'media']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [visitsPage, setVisitsPage] = useState(1);

  const vehicle = useQuery(trpc.vehicles.get.queryOptions({ id: vehicleId }));
  const visits = useQuery(trpc.vehicles.visits.queryOptions({ id: vehicleId, page: visitsPage }));
  const remove = useMutation(
    trpc.vehicles.delete.mutationOptions({
      onSuccess: (result) => {
        navigate(`/admin/users/${userId}`);
        void queryClient.invalidateQueries({ queryKey: trpc.vehicles.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
        if (result.outcome === 'deleted') toast.success(t('vehicles:server.deleted'));
        else toast(t('vehicles:server.hiddenInstead'), { icon: 'ℹ️', duration: 8000 });
      },
      onError: (error) => toast.error(errorMessageOf(t, error) ?? t('vehicles:toasts.deleteFailed')),
    }),
  );

  if (vehicle.isPending) return <Skeleton className="h-64 w-full" />;
  if (vehicle.isError) {
    return (
      <LoadErrorCard
        message={vehicle.error.data?.code === 'NOT_FOUND' ? t('vehicles:errors.notFound') : t('vehicles:errors.loadFailed')}
        back={{ to: `/admin/users/${userId}`, label: t('vehicles:actions.backToOwner') }}
      />
    );
  }
  const car = vehicle.data;
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        back={{ to: `/admin/users/${car.ownerId}`, label: t('vehicles:actions.backToOwner') }}
        picture={<VehiclePicture vehicle={car} className="size-28" />}
        actions={
          <>
            <Button asChild>
              <Link to={`/admin/user/oil/${car.ownerId}/${car.id}`} data-testid="open-oil">
                <Droplet />
                {t('vehicles:actions.oil')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/admin/media/${car.ownerId}/${car.id}`} data-testid="open-media">
                <Images />
                {t('media:actions.media')}
              </Link>
            </Button>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil />
              {t('vehicles:actions.edit')}
            </Button>
            <Button variant="ghost" className="text-destructive" onClick={() => setConfirmDelete(true)}>
              <Trash2 />
              {t('vehicles:actions.delete')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-2">
          <VehicleTitle vehicle={car} />
          <VehicleBadges vehicle={car} />
          <Link to={`/admin/users/${car.owner.id}`} className="flex w-fit items-center gap-2 text-sm hover:underline">
            <UserAvatar user={car.owner} className="size-6" />
            {car.owner.firstName} {car.owner.lastName}
          </Link>
        </div>
        <VehicleFacts vehicle={car} />
      </PageHeader>

      <VisitsCard
        title={t('vehicles:sections.visits')}
        isPending={visits.isPending}
        data={visits.data}
        onPage={setVisitsPage}
        linkOf={(visit) => `/admin/users/${car.ownerId}/vehicle/${car.id}/visit/${visit.id}`}
      />
      {/* Tread depth, pads, battery... read at each inspection (issue #29); hidden until something was measured. */}
      <VehicleMeasurementsCard vehicleId={car.id} />
      <Suspense fallback={null}>
        <VehicleInspectionsCard vehicleId={car.id} />
      </Suspense>
      <SpecCard vehicleId={car.id} />
      <DeclinedWorkCard vehicleId={car.id} />
      <VehicleRemindersCard vehicleId={car.id} />

      <FormDialog open={editing} onOpenChange={setEditing} title={t('vehicles:form.editTitle')}>
        <VehicleForm ownerId={car.ownerId} vehicle={car} onDone={() => setEditing(false)} />
      </FormDialog>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('vehicles:delete.title')}
        description={t('vehicles:delete.description', { plate: car.plateNumber })}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: car.id }, { onSettled: () => setConfirmDelete(false) })}
      />
    </section>
  );
}
