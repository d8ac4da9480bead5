// Customer search for the add-visit form: type a name, phone or email, pick one; the form then offers that
// customer's vehicles. Uses the customers feature's staff queries (users.list, vehicles.listByOwner).
import { useQuery } from '@tanstack/react-query';
import { Check, Search, UserRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';

export interface PickedCustomer {
  id: string;
  firstName: string;
  lastName: string;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function CustomerPicker({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation('visits');
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const listId = useId();
  const results = useQuery({
    ...trpc.users.list.queryOptions({ search: term, role: 'CLIENT', active: true, pageSize: 10, sort: 'name' }),
    enabled: !value,
  });
  // Results of an older search are not offered while the new one is on its way.
  const settled = term === search.trim() && !results.isFetching;

  if (value) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border bg-muted/40 px-3 py-2" data-testid="picked-customer">
        <span className="flex items-center gap-2 text-sm font-medium">
          <UserRound className="size-4" aria-hidden="true" />
          {value.firstName} {value.lastName}
        </span>
        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          {t('form.changeCustomer')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        {/* A search box and a list of buttons (not a combobox with options: an option may not hold a button). */}
        <Input
          id={id}
          type="search"
          aria-controls={listId}
          aria-invalid={invalid}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('form.searchCustomer')}
          className="ps-9"
          data-testid="customer-search"
          autoComplete="off"
        />
      </div>
      <ul id={listId} className="max-h-48 overflow-y-auto rounded-md border text-foreground" aria-busy={results.isFetching}>
        {!settled && (
          <li className="flex justify-center p-3">
            <Spinner label={t('loading')} />
          </li>
        )}
        {settled && results.data?.items.length === 0 && <li className="p-3 text-sm text-muted-foreground">{t('form.noCustomer')}</li>}
        {settled &&
          results.data?.items.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-2 px-3 py-2 text-start text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                onClick={() => onChange({ id: customer.id, firstName: customer.firstName, lastName: customer.lastName })}
                data-testid="customer-option"
              >
                <span className="font-medium">
                  {customer.firstName} {customer.lastName}
                </span>
                <span className="truncate text-xs text-muted-foreground" dir="ltr">
                  {customer.email ?? customer.phoneNumber}
                </span>
                <Check className="size-4 opacity-0" aria-hidden="true" />
              </button>
            </li>
          ))}
      </ul>
    </div>
  );
}
