import { ArrowRight, CalendarCheck, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { clsx as cn } from 'clsx';
import { useBranding } from '../branding/index.ts';
import { formatCount } from '../../lib/format-count.ts';
import { parseCount } from '../../lib/branding-lists.ts';
import { Ltr } from '../../components/ltr.tsx';

export function HeroSection() {
  const { t, i18n } = useTranslation('home');
  const { fields } = useBranding();
  const years = parseCount(fields.yearsOfExperience);
  const customers = parseCount(fields.happyCustomers);
  const images = [
    fields.heroImage1 || '/brand/hero-1.svg',
    fields.heroImage2 || '/brand/hero-2.svg',
    fields.heroImage3 || '/brand/hero-3.svg',
  ];
  const stats = [
    years !== null && { value: `${formatCount(years, i18n.language)}+`, label: t('stats.years') },
    customers !== null && { value: `${formatCount(customers, i18n.language)}+`, label: t('stats.customers') },
    fields.emergencyService === 'true' && { value: t('stats.emergencyValue'), label: t('stats.emergency') },
  ].filter((stat): stat is { value: string; label: string } => !!stat);

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-gradient-to-b from-brand-0 via-background to-background dark:from-brand-800/40"
    >
      <div
        aria-hidden="true"
        className="absolute -top-40 start-1/2 -z-10 size-[42rem] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl rtl:translate-x-1/2 dark:bg-brand-600/20"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-8 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
        <div className="flex flex-col items-start gap-6">
          <span className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-card/70 px-3 py-1 text-sm font-medium text-brand-800 dark:border-brand-600 dark:text-brand-200">
            <ShieldCheck className="size-4" aria-hidden="true" />
            {t('hero.eyebrow')}
          </span>
          <h1 id="hero-title" data-testid="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {fields.heroTitle || t('fallback.heroTitle')}
          </h1>
          {fields.heroSubtitle && <p className="text-xl font-medium text-brand-600 dark:text-brand-200">{fields.heroSubtitle}</p>}
          {fields.heroDescription && <p className="max-w-xl text-lg text-pretty text-muted-foreground">{fields.heroDescription}</p>}
          <div className="flex flex-wrap gap-3">
            <Link to={{ pathname: '/', hash: 'book-a-visit' }} className={buttonVariants({ size: 'lg' })} data-testid="hero-book">
              <CalendarCheck aria-hidden="true" />
              {t('hero.book')}
            </Link>
            <Link to="/all-services" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              {t('hero.explore')}
              <ArrowRight className="rtl:rotate-180" aria-hidden="true" />
            </Link>
          </div>
          {stats.length > 0 && (
            <dl className="mt-4 grid w-full max-w-lg grid-cols-3 gap-4 border-t pt-6">
              {stats.map((stat) => (
                <div key={stat.label}>
                  <dt className="text-xs text-muted-foreground sm:text-sm">{stat.label}</dt>
                  <dd className="text-2xl font-bold text-foreground sm:text-3xl">
                    <Ltr>{stat.value}</Ltr>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <div className="grid grid-cols-2 grid-rows-2 gap-4">
          {images.map((src, index) => (
            <img
              key={src + index}
              src={src}
              alt={t('hero.imageAlt', { index: index + 1 })}
              width={640}
              height={index === 0 ? 800 : 400}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              className={cn(
                'h-full w-full rounded-2xl object-cover shadow-xl ring-1 ring-black/5',
                index === 0 ? 'row-span-2 aspect-[4/5]' : 'aspect-[8/5]',
              )}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
