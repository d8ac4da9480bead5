// Where the shop is and when it is open. The map is a local illustration with the address and a link to
// OpenStreetMap, so the section works with no network (no map tiles to fail).
import { Clock, ExternalLink, MapPin, Phone, Siren } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { useBranding } from '../branding/index.ts';
import { telHref, useContactInfo } from '../../lib/use-contact-info.ts';
import { SectionHeading } from '../../components/section-heading.tsx';
import { isolateNumbers, Ltr } from '../../components/ltr.tsx';

export function LocationSection() {
  const { t } = useTranslation('home');
  const { fields, displayName } = useBranding();
  const contact = useContactInfo();
  const mapHref = `https://www.openstreetmap.org/search?query=${encodeURIComponent(contact.address || displayName)}`;
  return (
    <section id="location" aria-labelledby="location-title" className="scroll-mt-20 py-16 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="location-title" title={fields.locationTitle || t('fallback.locationTitle')} subtitle={t('location.subtitle')} />
        <div className="grid gap-6 lg:grid-cols-5">
          <a
            href={mapHref}
            target="_blank"
            rel="noopener noreferrer"
            className="group relative block overflow-hidden rounded-3xl border shadow-sm lg:col-span-3"
            data-testid="location-map"
          >
            <img
              src="/brand/map.svg"
              alt={t('location.mapAlt')}
              width={960}
              height={600}
              loading="lazy"
              className="h-full min-h-72 w-full object-cover transition-transform duration-500 group-hover:scale-[1.02]"
            />
            <span className="absolute start-4 bottom-4 inline-flex items-center gap-2 rounded-full bg-card/95 px-4 py-2 text-sm font-medium shadow-md">
              <ExternalLink className="size-4 text-primary" aria-hidden="true" />
              {t('location.openMap')}
            </span>
          </a>
          <div className="flex flex-col gap-4 lg:col-span-2">
            <div className="rounded-3xl border bg-card p-6 shadow-sm">
              <h3 className="mb-3 flex items-center gap-2 font-semibold">
                <MapPin className="size-5 text-primary" aria-hidden="true" />
                {t('location.address')}
              </h3>
              <p className="text-muted-foreground" data-testid="location-address">
                {contact.address}
              </p>
            </div>
            <div className="rounded-3xl border bg-card p-6 shadow-sm">
              <h3 className="mb-3 flex items-center gap-2 font-semibold">
                <Clock className="size-5 text-primary" aria-hidden="true" />
                {t('location.hours')}
              </h3>
              <ul className="flex flex-col gap-1.5 text-muted-foreground">
                {contact.workingHours.map((line) => (
                  <li key={line}>{isolateNumbers(line)}</li>
                ))}
              </ul>
              {contact.emergencyService && (
                <p className="mt-4 flex items-center gap-2 rounded-xl bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
                  <Siren className="size-4 shrink-0" aria-hidden="true" />
                  {t('location.emergency')}
                </p>
              )}
            </div>
            <a href={telHref(contact.phone)} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
              <Phone aria-hidden="true" />
              <span>
                {t('location.call')} <Ltr>{contact.phone}</Ltr>
              </span>
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
