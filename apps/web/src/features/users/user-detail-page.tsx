// /admin/users/:userId: the person (profile, edit, activate, delete), their vehicles and their visits.
import { useQuery } from '@tanstack/react-query';
import { Images, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FactList, type Fact } from '../../components/fact-list.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { VehicleCard, VehicleForm, VisitsCard } from '../vehicles/index.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useCanManage } from './use-can-manage.ts';
import { useUserActions } from './use-user-actions.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { UserForm } from './user-form.tsx';
import { phoneOf, UserBadges } from './users-table.tsx';

export function UserDetailPage() {
  const { userId = '' } = useParams();
  const { t, i18n } = useTranslation(['users', 'vehicles', 'validation', 'fields', 'common', 'media']);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [addingVehicle, setAddingVehicle] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [visitsPage, setVisitsPage] = useState(1);
  const { setActive, remove } = useUserActions();
  const { canEdit, canRemove } = useCanManage();

  const user = useQuery(trpc.users.get.queryOptions({ id: userId }));
  const vehicles = useQuery(trpc.vehicles.listByOwner.queryOptions({ userId }));
  const visits = useQuery(trpc.users.visits.queryOptions({ id: userId, page: visitsPage }));

  const backToList = { to: '/admin/users', label: t('users:actions.backToList') };
  if (user.isPending) return <Skeleton className="h-64 w-full" />;
  if (user.isError) {
    return (
      <LoadErrorCard
        message={user.error.data?.code === 'NOT_FOUND' ? t('users:errors.notFound') : t('users:errors.loadFailed')}
        back={backToList}
      />
    );
  }
  const person = user.data;
  const facts: Fact[] = [
    [t('users:fields.username'), `@${person.username}`],
    [t('users:fields.email'), person.email ?? '—'],
    [t('users:fields.phoneNumber'), phoneOf(person) || '—'],
    [t('users:fields.age'), person.age === null ? '—' : String(person.age)],
    [t('users:fields.preferredLanguage'), t(`users:languages.${person.preferredLanguage}`)],
    [t('users:fields.createdAt'), new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(person.createdAt))],
  ];

  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        back={backToList}
        picture={<UserAvatar user={person} className="size-20 text-xl" />}
        actions={
          <>
            {person.role === 'CLIENT' && (
              <Button asChild variant="outline">
                <Link to={`/admin/media/${person.id}`} data-testid="open-media">
                  <Images />
                  {t('media:actions.media')}
                </Link>
              </Button>
            )}
            {canEdit(person) && (
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil />
                {t('users:actions.edit')}
              </Button>
            )}
            {canRemove(person) && (
              <>
                <Button
                  variant="outline"
                  disabled={setActive.isPending}
                  onClick={() => setActive.mutate({ id: person.id, active: !person.active })}
                >
                  {person.active ? t('users:actions.deactivate') : t('users:actions.activate')}
                </Button>
                <Button variant="ghost" className="text-destructive" onClick={() => setConfirmDelete(true)}>
                  <Trash2 />
                  {t('users:actions.delete')}
                </Button>
              </>
            )}
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <div>
            <h1 className="text-2xl font-semibold" data-testid="user-name">
              {person.firstName} {person.lastName}
            </h1>
            <UserBadges user={person} />
          </div>
          <FactList facts={facts} className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3" />
        </div>
      </PageHeader>

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
                  oilTo={`/admin/user/oil/${userId}/${vehicle.id}`}
                />
              ))}
            </div>
          )}
        </CardContent>
      </Card>

      <VisitsCard
        title={t('users:sections.visits')}
        isPending={visits.isPending}
        data={visits.data}
        onPage={setVisitsPage}
        linkOf={(visit) => `/admin/users/${userId}/vehicle/${visit.vehicleId}/visit/${visit.id}`}
      />

      <FormDialog open={editing} onOpenChange={setEditing} title={t('users:form.editTitle')}>
        <UserForm user={person} onDone={() => setEditing(false)} />
      </FormDialog>

      <FormDialog open={addingVehicle} onOpenChange={setAddingVehicle} title={t('vehicles:form.createTitle')}>
        <VehicleForm ownerId={userId} onDone={() => setAddingVehicle(false)} />
      </FormDialog>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('users:delete.title')}
        description={t('users:delete.description', { name: `${person.firstName} ${person.lastName}` })}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate({ id: person.id }, { onSuccess: () => navigate('/admin/users'), onSettled: () => setConfirmDelete(false) })
        }
      />
    </section>
  );
}
