// /all-services: every visible category and item with price, currency and duration (SPEC §2).
import { Clock, PhoneCall, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Money, MoneyRange } from '../../components/money.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { resolveMediaUrl } from '../../lib/media-url.ts';
import { pickLocalized, useCatalogue, type CatalogueCategory } from '../../lib/service-catalogue.ts';
import { BookVisitSection } from '../appointments/index.ts';

function CategoryBlock({ category, language }: { category: CatalogueCategory; language: string }) {
  const { t } = useTranslation(['services', 'common']);
  const title = pickLocalized(category.title, language);
  const headingId = `category-${category.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border bg-card p-6 shadow-sm sm:p-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b pb-4">
        {category.imageUrl && (
          <img src={resolveMediaUrl(category.imageUrl)} alt="" loading="lazy" className="size-16 shrink-0 rounded-2xl object-cover" />
        )}
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight">
            {title}
          </h2>
          {category.description && <p className="mt-1 text-muted-foreground">{pickLocalized(category.description, language)}</p>}
        </div>
        {category.minPriceCents !== null && category.maxPriceCents !== null && category.priceCurrency && (
          <p className="text-sm font-medium text-muted-foreground" data-testid="category-price-range">
            <MoneyRange min={category.minPriceCents} max={category.maxPriceCents} currency={category.priceCurrency} language={language} />
          </p>
        )}
      </header>
      {category.items.length === 0 ? (
        <p className="text-muted-foreground">{t('emptyCategory')}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {category.items.map((item) => (
            <li key={item.id} data-testid="service-item" className="flex flex-col gap-2 rounded-2xl border bg-background/60 p-4">
              <div className="flex items-start justify-between gap-4">
                <div className="flex min-w-0 items-center gap-3">
                  {item.imageUrl && (
                    <img src={resolveMediaUrl(item.imageUrl)} alt="" loading="lazy" className="size-12 shrink-0 rounded-xl object-cover" />
                  )}
                  <h3 className="font-semibold">{pickLocalized(item.title, language)}</h3>
                </div>
                <p className="shrink-0 text-lg font-bold text-primary">
                  <span className="sr-only">{t('price')}: </span>
                  {/* The formatter shows the currency (no second code after it: "$89 USD"). */}
                  <Money cents={item.priceCents} currency={item.currency} language={language} />
                </p>
              </div>
              {item.description && <p className="text-sm text-muted-foreground">{pickLocalized(item.description, language)}</p>}
              <div className="mt-auto flex items-center gap-3 text-sm text-muted-foreground">
                <span className="inline-flex items-center gap-1">
                  <span className="sr-only">{t('duration')}: </span>
                  <Clock className="size-4" aria-hidden="true" />
                  {t('common:units.minutes', { count: item.durationMinutes })}
                </span>
                {item.featured && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-brand-0 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-800/60 dark:text-brand-0">
                    <Star className="size-3" aria-hidden="true" />
                    {t('featured')}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AllServicesPage() {
  const { t, i18n } = useTranslation(['services', 'common']);
  const catalogue = useCatalogue();
  return (
    <div className="bg-gradient-to-b from-brand-0/70 to-background dark:from-brand-800/30">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-14 sm:px-6 lg:px-8">
        <header className="max-w-2xl">
          <h1 className="text-4xl font-bold tracking-tight">{t('title')}</h1>
          <p className="mt-3 text-lg text-muted-foreground">{t('subtitle')}</p>
        </header>
        {catalogue.isPending ? (
          <div className="flex flex-col gap-6">
            {[0, 1].map((index) => (
              <Skeleton key={index} className="h-64 rounded-3xl" />
            ))}
          </div>
        ) : catalogue.isError ? (
          <div role="alert" className="flex flex-col items-start gap-4 rounded-3xl border border-destructive/30 bg-destructive/5 p-6">
            <p className="font-medium text-destructive">{t('common:messages.servicesLoadFailed')}</p>
            <Button variant="outline" onClick={() => void catalogue.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </div>
        ) : catalogue.data.length === 0 ? (
          <p className="text-muted-foreground">{t('empty')}</p>
        ) : (
          catalogue.data.map((category) => <CategoryBlock key={category.id} category={category} language={i18n.language} />)
        )}
        <aside className="flex flex-col items-start gap-4 rounded-3xl bg-brand-800 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-xl font-semibold">{t('cta.title')}</h2>
            <p className="mt-1 text-brand-200">{t('cta.text')}</p>
          </div>
          <Link to={{ pathname: '/', hash: 'contact' }} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
            <PhoneCall aria-hidden="true" />
            {t('cta.button')}
          </Link>
        </aside>
      </div>
      <BookVisitSection />
    </div>
  );
}
