import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../branding/index.ts';
import { parseStringList } from '../../lib/branding-lists.ts';

export function AboutSection() {
  const { t } = useTranslation('home');
  const { fields } = useBranding();
  const values = parseStringList(fields.coreValues);
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-20 py-16 md:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <img
          src={fields.aboutImage || '/brand/about.svg'}
          alt={t('about.imageAlt')}
          width={720}
          height={540}
          loading="lazy"
          className="aspect-[4/3] w-full rounded-3xl object-cover shadow-lg ring-1 ring-black/5"
        />
        <div className="flex flex-col gap-6">
          <h2 id="about-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {fields.aboutTitle || t('fallback.aboutTitle')}
          </h2>
          {fields.aboutText && <p className="text-lg leading-relaxed text-pretty text-muted-foreground">{fields.aboutText}</p>}
          {values.length > 0 && (
            <div>
              {fields.coreValuesTitle && <h3 className="mb-4 text-lg font-semibold">{fields.coreValuesTitle}</h3>}
              <ul className="grid gap-3 sm:grid-cols-2">
                {values.map((value) => (
                  <li key={value} className="flex items-center gap-3 rounded-xl border bg-card p-3 shadow-xs">
                    <CheckCircle2 className="size-5 shrink-0 text-primary" aria-hidden="true" />
                    <span className="font-medium">{value}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
