// Public website footer: contact details, opening hours, social links and the legal pages.
import { Clock, Mail, MapPin, Phone, Siren } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FacebookIcon, InstagramIcon, WhatsAppIcon } from '../../components/brand-icons.tsx';
import { env } from '../../env.ts';
import { useBranding } from '../branding/index.ts';
import { BrandMark } from './site-header.tsx';
import { telHref, useContactInfo } from '../../lib/use-contact-info.ts';
import { isolateNumbers, Ltr } from '../../components/ltr.tsx';

export function SocialLinks({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const contact = useContactInfo();
  const links = [
    { href: contact.whatsapp, label: t('social.whatsapp'), Icon: WhatsAppIcon },
    { href: contact.facebook, label: t('social.facebook'), Icon: FacebookIcon },
    { href: contact.instagram, label: t('social.instagram'), Icon: InstagramIcon },
  ];
  return (
    <ul className={className ?? 'flex gap-2'}>
      {links.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            title={label}
            className="inline-flex size-10 items-center justify-center rounded-full border bg-card text-muted-foreground transition-colors hover:border-primary hover:text-primary"
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter() {
  const { t } = useTranslation('common');
  const { fields, displayName } = useBranding();
  const contact = useContactInfo();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t bg-card">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="flex flex-col gap-4">
          <BrandMark />
          {fields.heroSubtitle && <p className="text-sm text-muted-foreground">{fields.heroSubtitle}</p>}
          <SocialLinks />
        </div>
        <div>
          <h2 className="mb-4 text-sm font-semibold tracking-wide uppercase">{t('footer.contact')}</h2>
          <ul className="flex flex-col gap-3 text-sm">
            <li className="flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <a href={telHref(contact.phone)} className="hover:text-primary">
                <Ltr>{contact.phone}</Ltr>
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <a href={`mailto:${contact.email}`} className="break-all hover:text-primary">
                {contact.email}
              </a>
            </li>
            {contact.address && (
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{contact.address}</span>
              </li>
            )}
          </ul>
        </div>
        <div>
          <h2 className="mb-4 text-sm font-semibold tracking-wide uppercase">{t('footer.hours')}</h2>
          <ul className="flex flex-col gap-2 text-sm text-muted-foreground">
            {contact.workingHours.map((line) => (
              <li key={line} className="flex items-center gap-2">
                <Clock className="size-4 shrink-0" aria-hidden="true" />
                {isolateNumbers(line)}
              </li>
            ))}
            {contact.emergencyService && (
              <li className="flex items-center gap-2 font-medium text-foreground">
                <Siren className="size-4 shrink-0 text-destructive" aria-hidden="true" />
                {t('footer.emergency')}
              </li>
            )}
          </ul>
        </div>
        <div>
          <h2 className="mb-4 text-sm font-semibold tracking-wide uppercase">{t('footer.links')}</h2>
          <ul className="flex flex-col gap-2 text-sm">
            <li>
              <Link className="hover:text-primary" to="/all-services">
                {t('nav.allServices')}
              </Link>
            </li>
            <li>
              <Link className="hover:text-primary" to="/privacy-policy">
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link className="hover:text-primary" to="/terms-of-service">
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link className="hover:text-primary" to="/login">
                {t('nav.signIn')}
              </Link>
            </li>
            <li>
              <a className="break-all hover:text-primary" href={`mailto:${contact.supportEmail}`}>
                {t('footer.support')}: {contact.supportEmail}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted-foreground sm:px-6 lg:px-8">
          © {year} {displayName}. {t('footer.rights')} · v{env.appVersion}
        </p>
      </div>
    </footer>
  );
}
