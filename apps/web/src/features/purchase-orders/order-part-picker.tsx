// Adding a part to a draft order: type a part number, name, brand or barcode and pick from the results, or
// scan the part's barcode (the shared scanner; an unknown code says so). Archived parts are not offered.
import type { PartView } from '@garage/shared/schemas/inventory';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarcodeScanButton } from '../../components/barcode-scanner.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorCode } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function OrderPartPicker({ onPick }: { onPick: (part: PartView) => void }) {
  const { t } = useTranslation('purchaseOrders');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [scanMessage, setScanMessage] = useState<string | null>(null);
  const term = useDebounced(search.trim(), 200);
  const inputId = useId();
  const listId = useId();
  const results = useQuery({
    ...trpc.parts.list.queryOptions({ search: term, pageSize: 10 }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });

  const pick = (part: PartView) => {
    onPick(part);
    setSearch('');
    setScanMessage(null);
  };

  const scanned = async (code: string) => {
    setScanMessage(null);
    try {
      const part = await queryClient.fetchQuery(trpc.parts.byBarcode.queryOptions({ barcode: code }));
      if (part.archivedAt) setScanMessage(t('picker.archived', { name: part.name }));
      else pick(part);
    } catch (error) {
      // 404 and a malformed code both mean: no part to add.
      setScanMessage(
        errorCode(error) === 'NOT_FOUND' || errorCode(error) === 'BAD_REQUEST' ? t('picker.unknownBarcode', { code }) : t('loadFailed'),
      );
    }
  };

  const found = term ? (results.data?.items ?? []).filter((part) => !part.archivedAt) : [];
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed p-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        {t('picker.label')}
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            type="search"
            aria-controls={listId}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('picker.placeholder')}
            className="h-11 ps-9"
            autoComplete="off"
            data-testid="order-part-search"
          />
        </div>
        <BarcodeScanButton onCode={scanned} />
      </div>
      {scanMessage && (
        <p role="alert" className="text-sm text-destructive" data-testid="order-scan-message">
          {scanMessage}
        </p>
      )}
      <ul id={listId} className="flex flex-col gap-1" aria-live="polite">
        {term && results.isFetching && !results.data && (
          <li className="flex items-center gap-2 p-2 text-sm text-muted-foreground">
            <Spinner className="size-4" /> {t('picker.searching')}
          </li>
        )}
        {term && results.data && found.length === 0 && !results.isFetching && (
          <li className="p-2 text-sm text-muted-foreground">{t('picker.none')}</li>
        )}
        {found.map((part) => (
          <li key={part.id}>
            <button
              type="button"
              onClick={() => pick(part)}
              className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-start hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              data-testid="order-part-result"
            >
              <Plus className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">
                  <bdi>{part.name}</bdi>
                </span>
                <span className="block truncate text-xs text-muted-foreground">
                  <bdi dir="ltr">{part.partNumber}</bdi>
                  {part.supplier ? ` · ${part.supplier.name}` : ''}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
