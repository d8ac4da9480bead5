// The canned job a finding proposes: a catalogue item (its price and its parts and labour lines come along
// when the technician turns an amber or red result into proposed work), or none (a title and a price are
// then typed at that moment). The catalogue is loaded when the list is first opened.
import { useQuery } from '@tanstack/react-query';
import type { TemplateItem } from '@garage/shared/schemas/inspections';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money.tsx';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { useTRPC } from '../../lib/trpc.ts';

const NONE = 'none';

interface OfferingItemPickerProps {
  id: string;
  value: TemplateItem['offeringItem'];
  onChange: (value: TemplateItem['offeringItem']) => void;
  invalid?: boolean;
}

export function OfferingItemPicker({ id, value, onChange, invalid }: OfferingItemPickerProps) {
  const { t, i18n } = useTranslation(['inspection-templates', 'common']);
  const trpc = useTRPC();
  const [wanted, setWanted] = useState(false);
  const catalogue = useQuery({ ...trpc.offering.categories.list.queryOptions(), enabled: wanted, staleTime: 60_000 });
  const categories = (catalogue.data ?? []).filter((category) => category.items.length > 0);
  const pick = (itemId: string) => {
    if (itemId === NONE) return onChange(null);
    const item = categories.flatMap((category) => category.items).find((entry) => entry.id === itemId);
    if (item) onChange({ id: item.id, title: item.title, priceCents: item.priceCents });
  };
  const chosen = value && !categories.some((category) => category.items.some((item) => item.id === value.id));
  return (
    <Select value={value?.id ?? NONE} onValueChange={pick} onOpenChange={(open) => open && setWanted(true)}>
      <SelectTrigger id={id} className="w-full min-w-0 data-[size=default]:h-11" aria-invalid={invalid || undefined} data-testid={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="max-h-80">
        <SelectItem value={NONE}>{t('item.noOffering')}</SelectItem>
        {/* The chosen item before the catalogue is loaded (or when it is no longer listed). */}
        {chosen && (
          <SelectItem value={value.id}>
            <span className="truncate" dir="auto">
              {pickLocalized(value.title, i18n.language)}
            </span>
          </SelectItem>
        )}
        {catalogue.isPending && wanted ? (
          <p className="p-2 text-sm text-muted-foreground">{t('common:loading')}</p>
        ) : (
          categories.map((category) => (
            <SelectGroup key={category.id}>
              <SelectLabel>{pickLocalized(category.title, i18n.language)}</SelectLabel>
              {category.items.map((item) => (
                <SelectItem key={item.id} value={item.id} data-testid="offering-option">
                  <span className="truncate" dir="auto">
                    {pickLocalized(item.title, i18n.language)}
                  </span>
                  <Money
                    cents={item.priceCents}
                    currency={item.currency}
                    language={i18n.language}
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
