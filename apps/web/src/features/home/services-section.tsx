import { ArrowRight, Clock, Cog, Gauge, ScanSearch, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Money } from '../../components/money.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { formatMoney, isolateLtr } from '../../lib/money.ts';
import { useBranding } from '../branding/index.ts';
import { pickLocalized, startingPrice, useCatalogue } from '../../lib/service-catalogue.ts';
import { resolveMediaUrl } from '../../lib/media-url.ts';
import { SectionHeading } from '../../components/section-heading.tsx';

const ICONS = [Wrench, Cog, ScanSearch, Gauge];
const ITEMS_SHOWN = 3;

export function ServicesSection() {
  const { t, i18n } = useTranslation(['home', 'common']);
  const { fields } = useBranding();
  const catalogue = useCatalogue();
  const language = i18n.language;

  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-20 bg-muted/60 py-16 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="services-title" title={fields.servicesTitle || t('fallback.servicesTitle')} subtitle={t('services.subtitle')} />
        {catalogue.isPending ? (
          <div className="grid gap-6 md:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <div key={index} aria-hidden="true" className="h-72 animate-pulse rounded-2xl bg-muted" />
            ))}
          </div>
        ) : catalogue.isError ? (
          <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 text-center">
            <p className="text-destructive">{t('common:messages.servicesLoadFailed')}</p>
            <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={() => void catalogue.refetch()}>
              {t('common:actions.retry')}
            </button>
          </div>
        ) : catalogue.data.length === 0 ? (
          <p className="text-center text-muted-foreground">{t('services.empty')}</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {catalogue.data.map((category, index) => {
              const Icon = ICONS[index % ICONS.length]!;
              const from = startingPrice(category);
              return (
                <li
                  key={category.id}
                  className="group flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
                >
                  <div className="mb-4 flex items-center gap-3">
                    <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-0 text-brand-600 dark:bg-brand-800/50 dark:text-brand-200">
                      {category.imageUrl ? (
                        <img src={resolveMediaUrl(category.imageUrl)} alt="" loading="lazy" className="size-full rounded-xl object-cover" />
                      ) : (
                        <Icon className="size-6" aria-hidden="true" />
                      )}
                    </span>
                    <div>
                      <h3 className="text-lg font-semibold">{pickLocalized(category.title, language)}</h3>
                      {from && (
                        <p className="text-sm text-muted-foreground">
                          {t('services.from', { price: isolateLtr(formatMoney(from.cents, from.currency, language)) })}
                        </p>
                      )}
                    </div>
                  </div>
                  {category.description && (
                    <p className="mb-4 text-sm text-muted-foreground">{pickLocalized(category.description, language)}</p>
                  )}
                  <ul className="mt-auto flex flex-col divide-y">
                    {category.items.slice(0, ITEMS_SHOWN).map((item) => (
                      <li key={item.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                        <span className="flex min-w-0 items-center gap-2">
                          <span className="truncate font-medium">{pickLocalized(item.title, language)}</span>
                          {item.featured && (
                            <span className="shrink-0 rounded-full bg-brand-0 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-800/60 dark:text-brand-0">
                              {t('services.featured')}
                            </span>
                          )}
                        </span>
                        <span className="flex shrink-0 items-center gap-3 text-muted-foreground">
                          <span className="hidden items-center gap-1 sm:inline-flex">
                            <Clock className="size-3.5" aria-hidden="true" />
                            {t('common:units.minutes', { count: item.durationMinutes })}
                          </span>
                          <Money
                            cents={item.priceCents}
                            currency={item.currency}
                            language={language}
                            className="font-semibold text-foreground"
                          />
                        </span>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
        <div className="mt-10 text-center">
          <Link to="/all-services" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            {t('services.seeAll')}
            <ArrowRight className="rtl:rotate-180" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}
