import { useTranslation } from 'react-i18next';
import { clsx as cn } from 'clsx';
import { useBranding } from '../branding/index.ts';
import { SectionHeading } from '../../components/section-heading.tsx';

export function GallerySection() {
  const { t } = useTranslation('home');
  const { fields } = useBranding();
  const images = [
    fields.heroImage2 || '/brand/hero-2.svg',
    fields.aboutImage || '/brand/about.svg',
    fields.heroImage3 || '/brand/hero-3.svg',
    fields.heroImage1 || '/brand/hero-1.svg',
  ];
  return (
    <section id="gallery" aria-labelledby="gallery-title" className="scroll-mt-20 py-16 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="gallery-title" title={fields.galleryTitle || t('fallback.galleryTitle')} subtitle={t('gallery.subtitle')} />
        <ul className="grid grid-cols-2 gap-4 md:auto-rows-[220px] md:grid-cols-4">
          {images.map((src, index) => (
            <li
              key={src + index}
              className={cn(
                'aspect-[4/3] overflow-hidden rounded-2xl shadow-sm ring-1 ring-black/5 md:aspect-auto',
                index === 0 && 'col-span-2 md:row-span-2',
                index === 3 && 'col-span-2',
              )}
            >
              <img
                src={src}
                alt={t('gallery.imageAlt', { index: index + 1 })}
                loading="lazy"
                width={640}
                height={480}
                className="h-full w-full object-cover transition-transform duration-500 hover:scale-105"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
