// /client/get-in-touch: the same contact form, for a signed-in client (the API links the message to them).
import { Mail, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { WhatsAppIcon } from '../../components/brand-icons.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { telHref, useContactInfo } from '../../lib/use-contact-info.ts';
import { ContactForm } from './contact-form.tsx';
import { Ltr } from '../../components/ltr.tsx';

export function GetInTouchPage() {
  const { t } = useTranslation('contact');
  const contact = useContactInfo();
  const { user } = useAuth();
  const defaults = user ? { fullName: `${user.firstName} ${user.lastName}`.trim(), email: user.email ?? '' } : undefined;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{t('pageTitle')}</h1>
        <p className="mt-1 text-muted-foreground">{t('pageSubtitle')}</p>
      </header>
      <div className="grid gap-6 md:grid-cols-3">
        <div className="rounded-2xl border bg-card p-6 shadow-sm md:col-span-2">
          <ContactForm defaultValues={defaults} />
        </div>
        <ul className="flex flex-col gap-3 text-sm">
          <li>
            <a href={telHref(contact.phone)} className="flex items-center gap-3 rounded-xl border bg-card p-4 hover:border-primary">
              <Phone className="size-5 text-primary" aria-hidden="true" />
              <Ltr>{contact.phone}</Ltr>
            </a>
          </li>
          <li>
            <a
              href={contact.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-3 rounded-xl border bg-card p-4 hover:border-primary"
            >
              <WhatsAppIcon className="size-5 text-primary" />
              WhatsApp
            </a>
          </li>
          <li>
            <a
              href={`mailto:${contact.email}`}
              className="flex items-center gap-3 rounded-xl border bg-card p-4 break-all hover:border-primary"
            >
              <Mail className="size-5 shrink-0 text-primary" aria-hidden="true" />
              {contact.email}
            </a>
          </li>
        </ul>
      </div>
    </div>
  );
}
