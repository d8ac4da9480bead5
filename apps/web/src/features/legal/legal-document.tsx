// Renders a legal text from the `legal` namespace: title, date, intro and numbered sections.
import { useTranslation } from 'react-i18next';
import { useBranding } from '../branding/index.ts';
import { useContactInfo } from '../../lib/use-contact-info.ts';

const LAST_UPDATED = new Date(Date.UTC(2026, 0, 15));

export function LegalDocument({ document, sections }: { document: 'privacy' | 'terms'; sections: readonly string[] }) {
  const { t, i18n } = useTranslation('legal');
  const { displayName } = useBranding();
  const { supportEmail } = useContactInfo();
  const date = new Intl.DateTimeFormat(`${i18n.language}-u-nu-latn`, { dateStyle: 'long', timeZone: 'UTC' }).format(LAST_UPDATED);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
      <header className="mb-10 border-b pb-8">
        <h1 className="text-4xl font-bold tracking-tight">{t(`${document}.title`)}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('updated', { date })}</p>
        <p className="mt-6 text-lg leading-relaxed text-muted-foreground">{t(`${document}.intro`, { shop: displayName })}</p>
      </header>
      <nav aria-label={t('onThisPage')} className="mb-10 rounded-2xl border bg-card p-5">
        <h2 className="mb-3 text-sm font-semibold tracking-wide uppercase">{t('onThisPage')}</h2>
        <ol className="grid list-decimal gap-1.5 ps-5 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section}>
              <a className="text-primary hover:underline" href={`#${section}`}>
                {t(`${document}.sections.${section}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <ol className="flex flex-col gap-10">
        {sections.map((section, index) => (
          <li key={section} id={section} className="scroll-mt-24">
            <h2 className="mb-3 text-xl font-semibold">
              {index + 1}. {t(`${document}.sections.${section}.title`)}
            </h2>
            {t(`${document}.sections.${section}.body`)
              .split('\n\n')
              .map((paragraph) => (
                <p key={paragraph} className="mb-3 leading-relaxed text-muted-foreground">
                  {paragraph}
                </p>
              ))}
          </li>
        ))}
      </ol>
      <p className="mt-12 rounded-2xl bg-muted p-5 text-sm">{t('contactLine', { email: supportEmail })}</p>
    </article>
  );
}
