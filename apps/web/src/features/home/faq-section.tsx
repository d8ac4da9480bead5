import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../branding/index.ts';
import { parseFaqs } from '../../lib/branding-lists.ts';
import { SectionHeading } from '../../components/section-heading.tsx';

export function FaqSection() {
  const { t } = useTranslation('home');
  const { fields } = useBranding();
  const faqs = parseFaqs(fields.faqs);
  if (faqs.length === 0) return null;
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-muted/60 py-16 md:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" title={fields.faqTitle || t('fallback.faqTitle')} subtitle={t('faq.subtitle')} />
        <div className="flex flex-col gap-3">
          {faqs.map((faq, index) => (
            <details key={faq.question} open={index === 0} className="group rounded-2xl border bg-card shadow-xs open:shadow-sm">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold [&::-webkit-details-marker]:hidden">
                {faq.question}
                <ChevronDown
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <p className="px-5 pb-5 text-muted-foreground">{faq.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
