// "Propose work" for a finding, when the technician wants something else than the item's canned job: another
// item of the service catalogue (priced from it, with its parts and labour lines), or work typed with a price.
// The one-tap way (the item's own canned job) does not open this sheet.
import type { InspectionItemView } from '@garage/shared/schemas/inspections';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFormatters } from '../../lib/formatters.ts';
import { pickLocalized, useCatalogue } from '../../lib/service-catalogue.ts';

export type Proposal = { offeringItemId: string } | { title: string; soldForCents: number };

const TYPED = 'typed';

export function ProposeWorkDialog({
  item,
  pending,
  error,
  onPropose,
  onClose,
}: {
  item: InspectionItemView | null;
  pending: boolean;
  error: string | null;
  onPropose: (proposal: Proposal) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('inspections');
  const language = i18n.resolvedLanguage ?? 'en';
  const format = useFormatters();
  const catalogue = useCatalogue();
  const choiceId = useId();
  const titleId = useId();
  const priceId = useId();
  const [choice, setChoice] = useState<string>(item?.offeringItem?.id ?? TYPED);
  const [title, setTitle] = useState(item ? pickLocalized(item.label, language) : '');
  const [priceCents, setPriceCents] = useState<number | undefined>(undefined);

  const typed = choice === TYPED;
  const canSubmit = typed ? title.trim() !== '' && priceCents !== undefined && Number.isFinite(priceCents) && priceCents >= 0 : true;
  const submit = () => {
    if (!canSubmit) return;
    onPropose(typed ? { title: title.trim(), soldForCents: priceCents! } : { offeringItemId: choice });
  };

  return (
    <FormDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('propose.title')}
      description={t('propose.description')}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={choiceId} className="text-sm font-medium">
            {t('propose.work')}
          </label>
          <select
            id={choiceId}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            className="h-12 rounded-md border border-input bg-card px-3 text-base"
            data-testid="propose-choice"
          >
            <option value={TYPED}>{t('propose.typed')}</option>
            {catalogue.data?.map((category) => (
              <optgroup key={category.id} label={pickLocalized(category.title, language)}>
                {category.items.map((offering) => (
                  <option key={offering.id} value={offering.id}>
                    {`${pickLocalized(offering.title, language)} · ${format.money(offering.priceCents)}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        {typed && (
          <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
            <div className="flex flex-col gap-1">
              <label htmlFor={titleId} className="text-sm font-medium">
                {t('propose.workTitle')}
              </label>
              <Input
                id={titleId}
                dir="auto"
                className="h-12"
                value={title}
                maxLength={200}
                onChange={(event) => setTitle(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={priceId} className="text-sm font-medium">
                {t('propose.price')}
              </label>
              <MoneyInput id={priceId} className="h-12" value={priceCents} onChange={setPriceCents} data-testid="propose-price" />
            </div>
          </div>
        )}
        {error && (
          <p className="text-sm text-destructive" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" className="min-h-12" disabled={!canSubmit || pending} data-testid="propose-submit">
          {pending && <Spinner />}
          {t('propose.submit')}
        </Button>
      </form>
    </FormDialog>
  );
}
