// One category as staff see it: its picture, titles, derived price range and visibility, then its items in
// display order (drag, keyboard or menu to reorder; featured and visible toggled in place). Used by the
// catalogue page (every category) and the category page (one).
import { ArrowDown, ArrowUp, EyeOff, ImageOff, MoreVertical, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Money, MoneyRange } from '../../components/money.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { cn } from '../../lib/utils.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { resolveMediaUrl } from '../../lib/media-url.ts';
import { moveBy, SortableEntry, SortableList } from './sortable-list.tsx';
import { useOfferingMutations, type Category, type Item } from './use-offering.ts';

export interface CategoryActions {
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
  onAddItem: (category: Category) => void;
  onEditItem: (item: Item) => void;
  onDeleteItem: (item: Item) => void;
}

function Thumb({ url, className }: { url: string | null; className?: string }) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted text-muted-foreground',
        className,
      )}
    >
      {url ? (
        <img src={resolveMediaUrl(url)} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <ImageOff className="size-4" aria-hidden="true" />
      )}
    </span>
  );
}

export function CategoryHeader({
  category,
  handle,
  link,
  move,
  actions,
}: {
  category: Category;
  handle?: ReactNode;
  link?: boolean;
  move?: (step: -1 | 1) => void;
  actions: CategoryActions;
}) {
  const { t, i18n } = useTranslation(['offering', 'common']);
  const language = i18n.language;
  const { toggleCategory } = useOfferingMutations();
  const title = pickLocalized(category.title, language) || t('untitled');
  const hiddenCount = category.items.filter((item) => !item.visible).length;
  return (
    <div className="flex flex-wrap items-center gap-3 border-b p-3 sm:p-4">
      {handle}
      <Thumb url={category.imageUrl} className="size-12" />
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {link ? (
            <h2 className="min-w-0 truncate text-lg font-semibold">
              <Link to={`/admin/settings/offering/${category.id}`} className="hover:underline" data-testid="category-title">
                {title}
              </Link>
            </h2>
          ) : (
            <h1 className="min-w-0 truncate text-xl font-semibold" data-testid="category-title">
              {title}
            </h1>
          )}
          {!category.visible && (
            <Badge variant="outline" className="gap-1">
              <EyeOff className="size-3" aria-hidden="true" />
              {t('hidden')}
            </Badge>
          )}
        </div>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <span>
            {t('itemCount', { count: category.items.length })}
            {hiddenCount > 0 && ` · ${t('hiddenCount', { count: hiddenCount })}`}
          </span>
          {category.minPriceCents !== null && category.maxPriceCents !== null && category.priceCurrency ? (
            <span data-testid="category-range">
              <MoneyRange min={category.minPriceCents} max={category.maxPriceCents} currency={category.priceCurrency} language={language} />
            </span>
          ) : (
            category.items.some((item) => item.visible) && <span>{t('mixedCurrencies')}</span>
          )}
        </p>
      </div>
      <label className="ms-auto flex items-center gap-2 text-sm">
        <Switch
          checked={category.visible}
          onCheckedChange={(visible) => toggleCategory.mutate({ id: category.id, data: { visible } })}
          aria-label={t('toggleCategoryVisible', { name: title })}
          data-testid="category-visible-toggle"
        />
        <span className="hidden sm:inline">{t('form.visible')}</span>
      </label>
      <Button variant="outline" size="sm" onClick={() => actions.onAddItem(category)} data-testid="add-item">
        <Plus aria-hidden="true" />
        <span className="hidden sm:inline">{t('item.add')}</span>
        <span className="sr-only sm:hidden">{t('item.addTo', { name: title })}</span>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('categoryActions', { name: title })} data-testid="category-actions">
            <MoreVertical />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => actions.onEdit(category)} data-testid="category-edit">
            <Pencil aria-hidden="true" />
            {t('common:actions.edit')}
          </DropdownMenuItem>
          {move && (
            <>
              <DropdownMenuItem onSelect={() => move(-1)} data-testid="category-move-up">
                <ArrowUp aria-hidden="true" />
                {t('moveUp')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => move(1)} data-testid="category-move-down">
                <ArrowDown aria-hidden="true" />
                {t('moveDown')}
              </DropdownMenuItem>
            </>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => actions.onDelete(category)} data-testid="category-delete">
            <Trash2 aria-hidden="true" />
            {t('common:actions.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

export function ItemList({ category, actions }: { category: Category; actions: CategoryActions }) {
  const { t, i18n } = useTranslation(['offering', 'tasks', 'common']);
  const language = i18n.language;
  const { toggleItem, reorderItems } = useOfferingMutations();
  const ids = category.items.map((item) => item.id);
  const nameOf = (id: string) => pickLocalized(category.items.find((item) => item.id === id)?.title, language);
  const reorder = (next: string[]) => reorderItems.mutate({ id: category.id, ids: next });

  if (category.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 p-6 text-center text-sm text-muted-foreground">
        <p>{t('emptyCategory')}</p>
        <Button variant="outline" size="sm" onClick={() => actions.onAddItem(category)}>
          <Plus aria-hidden="true" />
          {t('item.add')}
        </Button>
      </div>
    );
  }

  return (
    <SortableList ids={ids} onReorder={reorder} nameOf={nameOf}>
      <ul className="divide-y" data-testid="item-list" aria-label={t('itemsOf', { name: pickLocalized(category.title, language) })}>
        {category.items.map((item, index) => {
          const title = pickLocalized(item.title, language) || t('untitled');
          return (
            <SortableEntry key={item.id} id={item.id} className="bg-card" testId="item-row">
              {(handle) => (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-2 py-2.5 sm:px-4">
                  {handle}
                  {item.imageUrl && <Thumb url={item.imageUrl} className="size-10" />}
                  <div className="flex min-w-0 flex-1 basis-40 flex-col">
                    <span className="flex items-center gap-2">
                      <span className="truncate font-medium" data-testid="item-title">
                        {title}
                      </span>
                      {/* Said in words, not by fading the row (faded small text fell under 4.5:1). */}
                      {!item.visible && <Badge variant="neutral">{t('hidden')}</Badge>}
                    </span>
                    <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                      <span>{t('common:units.minutes', { count: item.durationMinutes })}</span>
                      <span>{t(`tasks:service.${item.service}`)}</span>
                    </span>
                  </div>
                  <Money cents={item.priceCents} currency={item.currency} language={language} className="font-semibold" />
                  <div className="flex items-center gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-pressed={item.featured}
                      aria-label={t('toggleFeatured', { name: title })}
                      className={item.featured ? 'text-amber-500' : 'text-muted-foreground'}
                      onClick={() => toggleItem.mutate({ id: item.id, data: { featured: !item.featured } })}
                      data-testid="item-featured-toggle"
                    >
                      <Star className={item.featured ? 'fill-current' : undefined} />
                    </Button>
                    <Switch
                      checked={item.visible}
                      onCheckedChange={(visible) => toggleItem.mutate({ id: item.id, data: { visible } })}
                      aria-label={t('toggleItemVisible', { name: title })}
                      data-testid="item-visible-toggle"
                    />
                    <DropdownMenu>
                      <DropdownMenuTrigger asChild>
                        <Button variant="ghost" size="icon" aria-label={t('itemActions', { name: title })} data-testid="item-actions">
                          <MoreVertical />
                        </Button>
                      </DropdownMenuTrigger>
                      <DropdownMenuContent align="end">
                        <DropdownMenuItem onSelect={() => actions.onEditItem(item)} data-testid="item-edit">
                          <Pencil aria-hidden="true" />
                          {t('common:actions.edit')}
                        </DropdownMenuItem>
                        <DropdownMenuItem
                          disabled={index === 0}
                          onSelect={() => reorder(moveBy(ids, item.id, -1))}
                          data-testid="item-move-up"
                        >
                          <ArrowUp aria-hidden="true" />
                          {t('moveUp')}
                        </DropdownMenuItem>
                        <DropdownMenuItem
                          disabled={index === ids.length - 1}
                          onSelect={() => reorder(moveBy(ids, item.id, 1))}
                          data-testid="item-move-down"
                        >
                          <ArrowDown aria-hidden="true" />
                          {t('moveDown')}
                        </DropdownMenuItem>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem variant="destructive" onSelect={() => actions.onDeleteItem(item)} data-testid="item-delete">
                          <Trash2 aria-hidden="true" />
                          {t('common:actions.delete')}
                        </DropdownMenuItem>
                      </DropdownMenuContent>
                    </DropdownMenu>
                  </div>
                </div>
              )}
            </SortableEntry>
          );
        })}
      </ul>
    </SortableList>
  );
}

/** A category card: header and items. */
export function CategoryCard({
  category,
  actions,
  handle,
  move,
}: {
  category: Category;
  actions: CategoryActions;
  handle?: ReactNode;
  move?: (step: -1 | 1) => void;
}) {
  return (
    <Card className="gap-0 overflow-hidden p-0" data-testid="category-card">
      <CategoryHeader category={category} actions={actions} handle={handle} move={move} link />
      <ItemList category={category} actions={actions} />
    </Card>
  );
}
