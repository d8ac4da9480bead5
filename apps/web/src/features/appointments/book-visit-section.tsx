// The "book a visit" section of the public site (home page and /all-services). The form loads when it
// scrolls near (it is below the fold), with its translations.
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyWhenVisible } from '../../components/lazy-when-visible.tsx';
import { i18n } from '../../lib/i18n.ts';
import { SectionHeading } from '../../components/section-heading.tsx';

const BookingForm = lazy(async () => {
  const [module] = await Promise.all([import('./booking-form.tsx'), i18n.loadNamespaces(['appointments'])]);
  return { default: module.BookingForm };
});

export function BookVisitSection() {
  const { t } = useTranslation('common');
  return (
    <section id="book-a-visit" aria-labelledby="book-title" className="scroll-mt-20 py-16 md:py-24">
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="book-title" title={t('book.title')} subtitle={t('book.subtitle')} />
        <div className="rounded-3xl border bg-card p-6 shadow-sm sm:p-8">
          <LazyWhenVisible fallback={<div aria-hidden="true" className="h-96 w-full animate-pulse rounded-2xl bg-muted" />}>
            <BookingForm />
          </LazyWhenVisible>
        </div>
      </div>
    </section>
  );
}
