// /admin/users: customers and staff with search, filters, sort and pages (10 per page, SPEC §9). The
// filters live in the URL so a filtered list can be shared and survives a reload.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileUp, Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ROLES } from '@garage/shared/constants';
import { USER_SORTS, type UserView } from '@garage/shared/schemas/users';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Pager } from '../../components/pager.tsx';
import { useUserActions } from './use-user-actions.ts';
import { UserForm } from './user-form.tsx';
import { UsersTable } from './users-table.tsx';

const ANY = 'any';

export function UsersPage() {
  const { t } = useTranslation(['users', 'validation', 'fields', 'common', 'dataTransfer']);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const { setActive, remove } = useUserActions();

  const page = Math.max(1, Number(params.get('page')) || 1);
  const role = ROLES.find((value) => value === params.get('role'));
  const active = params.get('active');
  const verified = params.get('verified');
  const sort = USER_SORTS.find((value) => value === params.get('sort')) ?? 'newest';

  function setParam(name: string, value: string | null, resetPage = true) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '' || value === ANY) next.delete(name);
        else next.set(name, value);
        if (resetPage && name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  // Typing updates the URL after a short pause, not on every key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing arms the timer; a URL change must not re-arm it.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((params.get('q') ?? '') !== searchText.trim()) setParam('q', searchText.trim());
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const query = useQuery({
    ...trpc.users.list.queryOptions({
      page,
      search: params.get('q') || undefined,
      role,
      active: active === 'true' ? true : active === 'false' ? false : undefined,
      verified: verified === 'true' ? true : verified === 'false' ? false : undefined,
      sort,
    }),
    placeholderData: keepPreviousData,
  });

  const filterSelect = (name: string, value: string | null, options: { value: string; label: string }[], label: string) => (
    <Select value={value ?? ANY} onValueChange={(next) => setParam(name, next)}>
      <SelectTrigger className="w-full sm:w-40" aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ANY}>{label}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('users:title')}</h1>
          <p className="text-sm text-muted-foreground">{t('users:subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/admin/settings/data" data-testid="import-customers">
              <FileUp />
              {t('dataTransfer:openImport')}
            </Link>
          </Button>
          <Button onClick={() => setCreating(true)} data-testid="add-user">
            <Plus />
            {t('users:actions.add')}
          </Button>
        </div>
      </header>

      <Card className="flex flex-col gap-3 p-4">
        <div className="relative">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('users:filters.searchPlaceholder')}
            aria-label={t('users:filters.search')}
            className="ps-9"
          />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {filterSelect(
            'role',
            role ?? null,
            ROLES.map((value) => ({ value, label: t(`users:roles.${value}`) })),
            t('users:filters.anyRole'),
          )}
          {filterSelect(
            'active',
            active,
            [
              { value: 'true', label: t('users:status.active') },
              { value: 'false', label: t('users:status.inactive') },
            ],
            t('users:filters.anyStatus'),
          )}
          {filterSelect(
            'verified',
            verified,
            [
              { value: 'true', label: t('users:status.verified') },
              { value: 'false', label: t('users:status.unverified') },
            ],
            t('users:filters.anyVerification'),
          )}
          <Select value={sort} onValueChange={(next) => setParam('sort', next === 'newest' ? null : next)}>
            <SelectTrigger className="w-full sm:w-44" aria-label={t('users:filters.sort')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {USER_SORTS.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`users:sorts.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </Card>

      {query.isPending ? (
        <div className="flex flex-col gap-2">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-14 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <Card className="p-6 text-center text-destructive">{t('users:errors.loadFailed')}</Card>
      ) : query.data.items.length === 0 ? (
        <Card className="p-10 text-center text-muted-foreground">{t('users:empty')}</Card>
      ) : (
        <UsersTable
          users={query.data.items}
          onOpen={(user) => navigate(`/admin/users/${user.id}`)}
          onToggleActive={(user) => setActive.mutate({ id: user.id, active: !user.active })}
          onDelete={setDeleting}
        />
      )}

      {query.data && (
        <Pager
          page={query.data.page}
          pageCount={query.data.pageCount}
          total={query.data.total}
          onPage={(next) => setParam('page', String(next), false)}
        />
      )}

      <FormDialog open={creating} onOpenChange={setCreating} title={t('users:form.createTitle')}>
        <UserForm
          onDone={(user) => {
            setCreating(false);
            navigate(`/admin/users/${user.id}`);
          }}
        />
      </FormDialog>

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('users:delete.title')}
        description={t('users:delete.description', { name: deleting ? `${deleting.firstName} ${deleting.lastName}` : '' })}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </section>
  );
}
