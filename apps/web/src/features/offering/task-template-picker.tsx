// "From the catalogue" in a task row of the add-visit form: picking a catalogue item fills the task's title
// (in the staff member's language), description, service and sold-for price. The price is copied only when
// the item is priced in the shop's currency (tasks are in that currency); staff can change everything after.
// The task is then made from the item (offeringItemId): the item's default lines come along and give its price.
import { useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money.tsx';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useBranding } from '../branding/index.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';

export function TaskTemplatePicker({ prefix, idPrefix }: { prefix: string; idPrefix: string }) {
  const { t, i18n } = useTranslation('offering');
  const language = i18n.language;
  const trpc = useTRPC();
  const { merchant } = useBranding();
  const form = useFormContext();
  const [open, setOpen] = useState(false);
  // Loaded when first opened; a catalogue is a few dozen rows.
  const [wanted, setWanted] = useState(false);
  const catalogue = useQuery({ ...trpc.offering.categories.list.queryOptions(), enabled: wanted, staleTime: 60_000 });
  const categories = (catalogue.data ?? []).filter((category) => category.items.length > 0);

  const pick = (itemId: string) => {
    const item = categories.flatMap((category) => category.items).find((entry) => entry.id === itemId);
    if (!item) return;
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    const title = pickLocalized(item.title, language);
    form.setValue(`${prefix}title`, title, options);
    form.setValue(`${prefix}service`, item.service, options);
    const description = pickLocalized(item.description, language);
    if (description) form.setValue(`${prefix}description`, description, options);
    // A free catalogue item leaves the price to staff (a task is sold for a positive amount).
    if (item.priceCents > 0 && item.currency === (merchant.currency ?? item.currency))
      form.setValue(`${prefix}soldForCents`, item.priceCents, options);
    // The task is made from the item: its default lines (parts, labour) come along and then give the price.
    form.setValue(`${prefix}offeringItemId`, item.id, options);
    const message =
      item.lines.length > 0
        ? t('template.appliedWithLines', { name: title, count: item.lines.length })
        : t('template.applied', { name: title });
    toast.success(message, { id: `${idPrefix}-template` });
  };

  return (
    <Select
      value=""
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setWanted(true);
      }}
      onValueChange={pick}
    >
      <SelectTrigger size="sm" className="w-auto max-w-56 gap-1.5" aria-label={t('template.pick')} data-testid={`${idPrefix}-template`}>
        <BookOpen className="size-4" aria-hidden="true" />
        <SelectValue placeholder={t('template.pick')} />
      </SelectTrigger>
      <SelectContent className="max-h-80">
        {catalogue.isPending ? (
          <p className="p-2 text-sm text-muted-foreground">{t('common:loading')}</p>
        ) : categories.length === 0 ? (
          <p className="p-2 text-sm text-muted-foreground">{t('template.empty')}</p>
        ) : (
          categories.map((category) => (
            <SelectGroup key={category.id}>
              <SelectLabel>{pickLocalized(category.title, language)}</SelectLabel>
              {category.items.map((item) => (
                <SelectItem key={item.id} value={item.id} data-testid="template-option">
                  <span className="truncate">{pickLocalized(item.title, language)}</span>
                  {!item.visible && <span className="text-xs text-muted-foreground">({t('template.hidden')})</span>}
                  <Money
                    cents={item.priceCents}
                    currency={item.currency}
                    language={language}
                    className="ms-auto text-xs text-muted-foreground"
                  />
                </SelectItem>
              ))}
            </SelectGroup>
          ))
        )}
      </SelectContent>
    </Select>
  );
}
