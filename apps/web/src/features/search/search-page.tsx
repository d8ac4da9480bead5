// /admin/search: one box over customers (name, phone, email, username), vehicles (plate, brand, model) and
// visits (name). Results are grouped and link to their pages; the query lives in the URL (?q=).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Car, ClipboardList, Search, User } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { SEARCH_QUERY_MAX } from '@garage/shared/schemas/search';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { phoneOf } from '../users/index.ts';
import { PlateText } from '../vehicles/index.ts';
import { Ltr } from '../../components/ltr.tsx';

function Group({
  title,
  icon,
  count,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  count: number;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          {icon}
          {title}
          <Badge variant="secondary">{count}</Badge>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function SearchPage() {
  const { t, i18n } = useTranslation(['search', 'users', 'vehicles']);
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = (params.get('q') ?? '').trim();
  // Mirrors the API: without 3 letters or digits in a row (spaces ignored, so plates like "AB 12" count)
  // nothing is searched.
  const tooShort = q.length > 0 && !/[\p{L}\p{N}]{3}/u.test(q.replace(/\s+/g, ''));

  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== q) setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
    }, 250);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const results = useQuery({
    ...trpc.search.query.queryOptions({ q }),
    enabled: q.length > 0 && !tooShort,
    placeholderData: keepPreviousData,
  });
  const data = q && !tooShort ? results.data : undefined;
  const total = data ? data.customers.length + data.vehicles.length + data.visits.length : 0;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const row = 'flex items-center gap-3 rounded-md p-2 hover:bg-accent';

  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold">{t('search:title')}</h1>
        <p className="text-sm text-muted-foreground">{t('search:subtitle')}</p>
      </header>
      <div className="relative">
        <Search className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          autoFocus
          value={text}
          maxLength={SEARCH_QUERY_MAX}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search:placeholder')}
          aria-label={t('search:label')}
          className="h-12 ps-10 text-base"
          data-testid="staff-search"
        />
        {results.isFetching && <Spinner className="absolute end-3 top-1/2 -translate-y-1/2" label={t('search:searching')} />}
      </div>

      {!q || tooShort ? (
        <p className="text-center text-muted-foreground">{tooShort ? t('search:tooShort') : t('search:hint')}</p>
      ) : results.isError ? (
        <Card className="p-6 text-center text-destructive">{t('search:failed')}</Card>
      ) : data && total === 0 ? (
        <Card className="p-8 text-center text-muted-foreground">{t('search:noResults', { q })}</Card>
      ) : data ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <Group
            testId="search-customers"
            title={t('search:groups.customers')}
            icon={<User className="size-4" />}
            count={data.customers.length}
          >
            {data.customers.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('search:none')}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {data.customers.map((person) => (
                  <li key={person.id}>
                    <Link to={`/admin/users/${person.id}`} className={row}>
                      <UserAvatar user={person} className="size-8" />
                      <div className="min-w-0">
                        <div className="truncate font-medium">
                          {person.firstName} {person.lastName}
                        </div>
                        <div className="truncate text-xs text-muted-foreground">
                          <bdi>{[phoneOf(person), person.email].filter(Boolean).join(' · ') || `@${person.username}`}</bdi>
                        </div>
                      </div>
                      {person.role !== 'CLIENT' && <Badge className="ms-auto">{t(`users:roles.${person.role}`)}</Badge>}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Group>
          <Group
            testId="search-vehicles"
            title={t('search:groups.vehicles')}
            icon={<Car className="size-4" />}
            count={data.vehicles.length}
          >
            {data.vehicles.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('search:none')}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {data.vehicles.map((vehicle) => (
                  <li key={vehicle.id}>
                    <Link
                      to={`/admin/users/${vehicle.ownerId}/vehicle/${vehicle.id}`}
                      className={`${row} flex-wrap`}
                      data-testid="search-vehicle-result"
                    >
                      <PlateText plate={vehicle.plateNumber} />
                      <div className="min-w-0">
                        <div className="truncate font-medium">
                          <bdi>
                            {vehicle.brand} {vehicle.model}
                          </bdi>{' '}
                          · <Ltr>{vehicle.year}</Ltr>
                        </div>
                        <div className="truncate text-xs text-muted-foreground">{vehicle.ownerName}</div>
                      </div>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Group>
          <Group
            testId="search-visits"
            title={t('search:groups.visits')}
            icon={<ClipboardList className="size-4" />}
            count={data.visits.length}
          >
            {data.visits.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('search:none')}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {data.visits.map((visit) => (
                  <li key={visit.id}>
                    <Link to={`/admin/users/${visit.customerId}/vehicle/${visit.vehicleId}/visit/${visit.id}`} className={row}>
                      <div className="min-w-0">
                        <div className="truncate font-medium">{visit.name}</div>
                        <div className="truncate text-xs text-muted-foreground">
                          {visit.customerName} · <Ltr>{visit.plateNumber}</Ltr> · {date.format(new Date(visit.visitDate))}
                        </div>
                      </div>
                      <Badge variant="outline" className="ms-auto">
                        {t(`vehicles:visits.status.${visit.status}`, { defaultValue: visit.status })}
                      </Badge>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Group>
        </div>
      ) : null}
    </section>
  );
}
