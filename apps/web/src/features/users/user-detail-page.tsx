// /admin/users/:userId: the person (profile, edit, activate, delete), their vehicles and their visits.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { VehicleCard } from '../vehicles/vehicle-card.tsx';
import { VehicleForm } from '../vehicles/vehicle-form.tsx';
import { VisitList } from '../vehicles/visit-list.tsx';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { useCanManage } from './use-can-manage.ts';
import { useUserActions } from './use-user-actions.ts';
import { UserAvatar } from './user-avatar.tsx';
import { UserForm } from './user-form.tsx';
import { phoneOf, UserBadges } from './users-table.tsx';

export function UserDetailPage() {
  const { userId = '' } = useParams();
  const { t, i18n } = useTranslation(['users', 'vehicles', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [addingVehicle, setAddingVehicle] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [visitsPage, setVisitsPage] = useState(1);
  const { setActive, remove } = useUserActions();
  const { canEdit, canRemove } = useCanManage();

  const user = useQuery(trpc.users.get.queryOptions({ id: userId }));
  const vehicles = useQuery(trpc.vehicles.listByOwner.queryOptions({ ownerId: userId }));
  const visits = useQuery(trpc.users.visits.queryOptions({ id: userId, page: visitsPage }));

  if (user.isPending) return <Skeleton className="h-64 w-full" />;
  if (user.isError) {
    return (
      <Card className="p-8 text-center">
        <p className="mb-4">{user.error.data?.code === 'NOT_FOUND' ? t('users:errors.notFound') : t('users:errors.loadFailed')}</p>
        <Button asChild variant="outline">
          <Link to="/admin/users">{t('users:actions.backToList')}</Link>
        </Button>
      </Card>
    );
  }
  const person = user.data;
  const facts: [string, string][] = [
    [t('users:fields.username'), `@${person.username}`],
    [t('users:fields.email'), person.email ?? '—'],
    [t('users:fields.phoneNumber'), phoneOf(person) || '—'],
    [t('users:fields.age'), person.age === null ? '—' : String(person.age)],
    [t('users:fields.preferredLanguage'), t(`users:languages.${person.preferredLanguage}`)],
    [t('users:fields.createdAt'), new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(person.createdAt))],
  ];

  return (
    <section className="flex flex-col gap-6">
      <Link to="/admin/users" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('users:actions.backToList')}
      </Link>

      <Card>
        <CardContent className="flex flex-col gap-5 pt-6 md:flex-row md:items-start">
          <UserAvatar user={person} className="size-20 text-xl" />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <div>
              <h1 className="text-2xl font-semibold" data-testid="user-name">
                {person.firstName} {person.lastName}
              </h1>
              <UserBadges user={person} />
            </div>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
              {facts.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="break-words font-medium">
                    <bdi>{value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="flex flex-wrap gap-2 md:flex-col">
            {canEdit(person) && (
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil />
                {t('users:actions.edit')}
              </Button>
            )}
            {canRemove(person) && (
              <>
                <Button variant="outline" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: person.id, active: !person.active })}>
                  {person.active ? t('users:actions.deactivate') : t('users:actions.activate')}
                </Button>
                <Button variant="ghost" className="text-destructive" onClick={() => setConfirmDelete(true)}>
                  <Trash2 />
                  {t('users:actions.delete')}
                </Button>
              </>
            )}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle>{t('users:sections.vehicles')}</CardTitle>
          <Button size="sm" onClick={() => setAddingVehicle(true)} data-testid="add-vehicle">
            <Plus />
            {t('vehicles:actions.add')}
          </Button>
        </CardHeader>
        <CardContent>
          {vehicles.isPending ? (
            <Skeleton className="h-28 w-full" />
          ) : !vehicles.data?.length ? (
            <p className="text-sm text-muted-foreground">{t('vehicles:empty')}</p>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {vehicles.data.map((vehicle) => (
                <VehicleCard
                  key={vehicle.id}
                  vehicle={vehicle}
                  to={`/admin/users/${userId}/vehicle/${vehicle.id}`}
                  actions={
                    <>
                      <Button asChild size="sm" variant="outline">
                        <Link to={`/admin/users/${userId}/vehicle/${vehicle.id}`}>{t('vehicles:actions.open')}</Link>
                      </Button>
                      <Button asChild size="sm" variant="outline">
                        <Link to={`/admin/user/oil/${userId}/${vehicle.id}`}>{t('vehicles:actions.oil')}</Link>
                      </Button>
                    </>
                  }
                />
              ))}
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('users:sections.visits')}</CardTitle>
        </CardHeader>
        <CardContent>
          <VisitList
            isPending={visits.isPending}
            data={visits.data}
            onPage={setVisitsPage}
            linkOf={(visit) => `/admin/users/${userId}/vehicle/${visit.vehicleId}/visit/${visit.id}`}
          />
        </CardContent>
      </Card>

      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent className="sm:max-w-2xl" closeLabel={t('users:actions.close')}>
          <DialogHeader>
            <DialogTitle>{t('users:form.editTitle')}</DialogTitle>
          </DialogHeader>
          <UserForm user={person} onDone={() => setEditing(false)} />
        </DialogContent>
      </Dialog>

      <Dialog open={addingVehicle} onOpenChange={setAddingVehicle}>
        <DialogContent className="sm:max-w-2xl" closeLabel={t('users:actions.close')}>
          <DialogHeader>
            <DialogTitle>{t('vehicles:form.createTitle')}</DialogTitle>
          </DialogHeader>
          <VehicleForm ownerId={userId} onDone={() => setAddingVehicle(false)} />
        </DialogContent>
      </Dialog>

      <ConfirmDeleteDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('users:delete.title')}
        description={t('users:delete.description', { name: `${person.firstName} ${person.lastName}` })}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: person.id }, { onSuccess: () => navigate('/admin/users'), onSettled: () => setConfirmDelete(false) })}
      />
    </section>
  );
}
