// Honest stand-in for a screen that a later feature delivers: the route exists and is navigable.
import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('shell');
  const params = Object.entries(useParams()).filter(([key]) => key !== '*');
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 rounded-2xl border border-dashed bg-card px-6 py-16 text-center">
      <Construction className="size-10 text-primary" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{t(titleKey)}</h1>
      <p className="text-muted-foreground">{t('placeholder.beingBuilt')}</p>
      {params.length > 0 && (
        <dl className="flex flex-wrap justify-center gap-2 text-xs text-muted-foreground">
          {params.map(([key, value]) => (
            <div key={key} className="rounded-md bg-muted px-2 py-1">
              <dt className="inline font-medium">{key}: </dt>
              <dd className="inline break-all">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
