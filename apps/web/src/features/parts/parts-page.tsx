// /admin/parts: the parts catalogue with its stock. Search keeps up with a fast typist (the box is local state,
// the query follows 200 ms after the last key and the previous page stays on screen meanwhile); a scan or a
// barcode typed by a handheld scanner (digits then Enter) opens its part. Filters live in the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangle, FileUp, Package, Plus, Search, Settings2, Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PART_SORTS, type PartView } from '@garage/shared/schemas/inventory';
import { BarcodeScanButton } from '../../components/barcode-scanner.tsx';
import { Pager } from '../../components/pager.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { CatalogueImportDialog } from './catalogue-import-dialog.tsx';
import { PartFormDialog } from './part-form-dialog.tsx';
import { useQuantityFormat } from './units.ts';
import { useBarcodeLookup } from './use-barcode-lookup.ts';

const ANY = 'any';
const SEARCH_DELAY_MS = 200;
const PAGE_SIZE = 20;

export function PartsPage() {
  const { t } = useTranslation(['parts', 'common']);
  const trpc = useTRPC();
  const isAdmin = useAuth().roles.includes('ADMIN');
  const [params, setParams] = useSearchParams();
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);

  const page = Math.max(1, Number(params.get('page')) || 1);
  const category = params.get('category') || undefined;
  const supplierId = params.get('supplier') || undefined;
  const lowStock = params.get('low') === '1';
  const sort = PART_SORTS.find((value) => value === params.get('sort')) ?? 'name';

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
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const showCode = (code: string) => {
    setSearchText(code);
    setParam('q', code);
  };
  const openBarcode = useBarcodeLookup(showCode);

  const list = useQuery({
    ...trpc.parts.list.queryOptions({
      page,
      pageSize: PAGE_SIZE,
      search: params.get('q') || undefined,
      category,
      supplierId,
      lowStock,
      sort,
    }),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({ ...trpc.parts.categories.queryOptions(), staleTime: 60_000 });
  const suppliers = useQuery({ ...trpc.suppliers.list.queryOptions({ pageSize: 100 }), staleTime: 60_000 });
  const filtered = Boolean(params.get('q') || category || supplierId || lowStock);

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('list.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('list.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="h-11" asChild>
            <Link to="/admin/suppliers">
              <Truck />
              {t('suppliers.title')}
            </Link>
          </Button>
          {isAdmin && (
            <Button variant="outline" className="h-11" asChild>
              <Link to="/admin/parts/settings">
                <Settings2 />
                {t('settings.title')}
              </Link>
            </Button>
          )}
          {isAdmin && (
            <Button variant="outline" className="h-11" onClick={() => setImporting(true)} data-testid="import-parts">
              <FileUp />
              {t('import.open')}
            </Button>
          )}
          {isAdmin && (
            <Button className="h-11" onClick={() => setCreating(true)} data-testid="add-part">
              <Plus />
              {t('list.add')}
            </Button>
          )}
        </div>
      </header>

      <Card className="flex flex-col gap-3 p-4">
        <div className="flex gap-2">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              onKeyDown={(event) => {
                // A handheld scanner types the digits and Enter: open the part at once.
                if (event.key === 'Enter' && /^\d{8,14}$/.test(searchText.trim())) {
                  event.preventDefault();
                  void openBarcode(searchText.trim());
                }
              }}
              placeholder={t('list.searchPlaceholder')}
              aria-label={t('list.search')}
              className="h-11 ps-9"
              data-testid="parts-search"
            />
          </div>
          <BarcodeScanButton onCode={(code) => void openBarcode(code)} />
        </div>
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap sm:items-center">
          <Select value={category ?? ANY} onValueChange={(next) => setParam('category', next)}>
            <SelectTrigger className="h-11 w-full sm:w-48" aria-label={t('list.category')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{t('list.anyCategory')}</SelectItem>
              {(categories.data ?? []).map((name) => (
                <SelectItem key={name} value={name}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={supplierId ?? ANY} onValueChange={(next) => setParam('supplier', next)}>
            <SelectTrigger className="h-11 w-full sm:w-48" aria-label={t('list.supplier')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{t('list.anySupplier')}</SelectItem>
              {(suppliers.data?.items ?? []).map((supplier) => (
                <SelectItem key={supplier.id} value={supplier.id}>
                  {supplier.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={sort} onValueChange={(next) => setParam('sort', next === 'name' ? null : next)}>
            <SelectTrigger className="h-11 w-full sm:w-44" aria-label={t('list.sort')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PART_SORTS.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`list.sorts.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <label className="flex h-11 items-center gap-3 rounded-md border px-3 text-sm">
            <Switch
              checked={lowStock}
              onCheckedChange={(checked) => setParam('low', checked ? '1' : null)}
              data-testid="low-stock-filter"
            />
            {t('list.lowStockOnly')}
          </label>
        </div>
      </Card>

      {list.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-20 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <Card className="p-6 text-center text-destructive">
          <p>{t('list.loadFailed')}</p>
          <Button variant="outline" className="mt-3 h-11" onClick={() => void list.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Card>
      ) : list.data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center text-muted-foreground">
          <Package className="size-10" aria-hidden="true" />
          <p>{filtered ? t('list.noMatch') : t('list.empty')}</p>
          {!filtered && isAdmin && (
            <Button className="h-11" onClick={() => setCreating(true)}>
              <Plus />
              {t('list.add')}
            </Button>
          )}
        </Card>
      ) : (
        <ul className={`flex flex-col gap-2 ${list.isPlaceholderData ? 'opacity-70' : ''}`} data-testid="parts-list">
          {list.data.items.map((part) => (
            <li key={part.id}>
              <PartRow part={part} />
            </li>
          ))}
        </ul>
      )}

      {list.data && (
        <Pager
          page={list.data.page}
          pageCount={list.data.pageCount}
          total={list.data.total}
          onPage={(next) => setParam('page', String(next), false)}
        />
      )}

      {isAdmin && <PartFormDialog open={creating} onOpenChange={setCreating} />}
      {isAdmin && <CatalogueImportDialog open={importing} onOpenChange={setImporting} />}
    </section>
  );
}

function PartRow({ part }: { part: PartView }) {
  const { t } = useTranslation('parts');
  const format = useFormatters();
  const quantities = useQuantityFormat();
  return (
    <Link
      to={`/admin/parts/${part.id}`}
      className="flex min-h-16 flex-col gap-2 rounded-lg border bg-card p-3 shadow-xs transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:flex-row sm:items-center sm:gap-4"
      data-testid="part-row"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{part.name}</span>
          {part.lowStock && (
            <Badge variant="danger">
              <AlertTriangle aria-hidden="true" />
              {t('badges.lowStock')}
            </Badge>
          )}
          {part.archivedAt && <Badge variant="neutral">{t('badges.archived')}</Badge>}
        </p>
        <p className="truncate text-sm text-muted-foreground">
          <bdi dir="ltr" className="font-mono">
            {part.partNumber}
          </bdi>
          {part.brand && ` · ${part.brand}`}
          {part.category && ` · ${part.category}`}
          {part.binLocation && ` · ${t('list.bin', { bin: part.binLocation })}`}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-3 text-sm sm:w-96 sm:text-end">
        <div>
          <dt className="text-xs text-muted-foreground">{t('figures.onHand')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="part-row-on-hand">
            {quantities.quantity(part.onHand, part.unit)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('figures.available')}</dt>
          <dd className={`tabular-nums ${part.available < 0 ? 'text-destructive' : ''}`}>
            {quantities.quantity(part.available, part.unit)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('figures.price')}</dt>
          <dd className="tabular-nums">{format.money(part.sellingPriceCents)}</dd>
        </div>
      </dl>
    </Link>
  );
}
