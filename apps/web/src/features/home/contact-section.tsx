import { Mail, Phone } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { WhatsAppIcon } from '../../components/brand-icons.tsx';
import { LazyWhenVisible } from '../../components/lazy-when-visible.tsx';
import { i18n } from '../../lib/i18n.ts';
import { useBranding } from '../branding/index.ts';
import { telHref, useContactInfo } from '../../lib/use-contact-info.ts';
import { SectionHeading } from '../../components/section-heading.tsx';
import { Ltr } from '../../components/ltr.tsx';

const ContactForm = lazy(async () => {
  const [module] = await Promise.all([import('../contact/index.ts'), i18n.loadNamespaces(['contact', 'validation', 'fields'])]);
  return { default: module.ContactForm };
});

export function ContactSection() {
  const { t } = useTranslation('home');
  const { fields } = useBranding();
  const contact = useContactInfo();
  const channels = [
    { href: telHref(contact.phone), label: contact.phone, Icon: Phone, ltr: true },
    { href: contact.whatsapp, label: 'WhatsApp', Icon: WhatsAppIcon, external: true },
    { href: `mailto:${contact.email}`, label: contact.email, Icon: Mail },
  ];
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="scroll-mt-20 bg-gradient-to-b from-background to-brand-0/60 py-16 md:py-24 dark:to-brand-800/20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="contact-title"
          title={fields.contactFormTitle || t('fallback.contactFormTitle')}
          subtitle={t('contact.subtitle')}
        />
        <div className="grid gap-8 lg:grid-cols-3">
          <aside className="flex flex-col gap-4 rounded-3xl bg-brand-800 p-8 text-white shadow-lg">
            <h3 className="text-xl font-semibold">{fields.contactTitle || t('contact.direct')}</h3>
            <p className="text-brand-200">{t('contact.direct')}</p>
            <ul className="mt-2 flex flex-col gap-3">
              {channels.map(({ href, label, Icon, ltr, external }) => (
                <li key={href}>
                  <a
                    href={href}
                    {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    className="flex items-center gap-3 rounded-xl bg-white/10 px-4 py-3 transition-colors hover:bg-white/20"
                  >
                    <Icon className="size-5 shrink-0" aria-hidden="true" />
                    <span className="break-all">{ltr ? <Ltr>{label}</Ltr> : label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </aside>
          <div className="rounded-3xl border bg-card p-6 shadow-sm sm:p-8 lg:col-span-2">
            <LazyWhenVisible fallback={<div aria-hidden="true" className="h-80 w-full animate-pulse rounded-2xl bg-muted" />}>
              <ContactForm />
            </LazyWhenVisible>
          </div>
        </div>
      </div>
    </section>
  );
}
