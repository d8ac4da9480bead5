// /admin/users/:userId/vehicle/:vehicleId: the vehicle, its owner, its oil summary and its visits.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Droplet, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ConfirmDeleteDialog } from '../users/confirm-delete-dialog.tsx';
import { errorMessageOf } from '../users/server-messages.ts';
import { UserAvatar } from '../users/user-avatar.tsx';
import { OilStatusBadge } from './oil-status.tsx';
import { PlateText, VehiclePicture, VehicleStatusBadge } from './vehicle-card.tsx';
import { VehicleFacts } from './vehicle-facts.tsx';
import { VehicleForm } from './vehicle-form.tsx';
import { VisitList } from './visit-list.tsx';

export function VehicleDetailPage() {
  const { userId = '', vehicleId = '' } = useParams();
  const { t } = useTranslation(['vehicles', 'users', 'validation', 'fields', 'common']);
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
      <Card className="p-8 text-center">
        <p className="mb-4">{vehicle.error.data?.code === 'NOT_FOUND' ? t('vehicles:errors.notFound') : t('vehicles:errors.loadFailed')}</p>
        <Button asChild variant="outline">
          <Link to={`/admin/users/${userId}`}>{t('vehicles:actions.backToOwner')}</Link>
        </Button>
      </Card>
    );
  }
  const car = vehicle.data;
  return (
    <section className="flex flex-col gap-6">
      <Link to={`/admin/users/${car.ownerId}`} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('vehicles:actions.backToOwner')}
      </Link>
      <Card>
        <CardContent className="flex flex-col gap-5 pt-6 md:flex-row md:items-start">
          <VehiclePicture vehicle={car} className="size-28" />
          <div className="flex min-w-0 flex-1 flex-col gap-4">
            <div className="flex flex-col gap-2">
              <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold">
                <PlateText plate={car.plateNumber} />
                <span>
                  {car.brand} {car.model}
                </span>
              </h1>
              <div className="flex flex-wrap gap-2">
                <VehicleStatusBadge status={car.status} />
                <OilStatusBadge dueInKm={car.oilDueInKm} />
              </div>
              <Link to={`/admin/users/${car.owner.id}`} className="flex w-fit items-center gap-2 text-sm hover:underline">
                <UserAvatar user={car.owner} className="size-6" />
                {car.owner.firstName} {car.owner.lastName}
              </Link>
            </div>
            <VehicleFacts vehicle={car} />
          </div>
          <div className="flex flex-wrap gap-2 md:flex-col">
            <Button asChild>
              <Link to={`/admin/user/oil/${car.ownerId}/${car.id}`} data-testid="open-oil">
                <Droplet />
                {t('vehicles:actions.oil')}
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
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('vehicles:sections.visits')}</CardTitle>
        </CardHeader>
        <CardContent>
          <VisitList
            isPending={visits.isPending}
            data={visits.data}
            onPage={setVisitsPage}
            linkOf={(visit) => `/admin/users/${car.ownerId}/vehicle/${car.id}/visit/${visit.id}`}
          />
        </CardContent>
      </Card>

      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent className="sm:max-w-2xl" closeLabel={t('users:actions.close')}>
          <DialogHeader>
            <DialogTitle>{t('vehicles:form.editTitle')}</DialogTitle>
          </DialogHeader>
          <VehicleForm ownerId={car.ownerId} vehicle={car} onDone={() => setEditing(false)} />
        </DialogContent>
      </Dialog>
      <ConfirmDeleteDialog
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
