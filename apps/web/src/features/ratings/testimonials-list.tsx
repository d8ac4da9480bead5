// Testimonials chosen by staff among ratings whose clients agreed to be shown (GET /backend/testimonials):
// first name and initial, stars, feedback. Renders nothing when there are none or the request fails (the
// home page does not need them).
import { useQuery } from '@tanstack/react-query';
import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Testimonial } from '@garage/shared/schemas/ratings';
import { apiRequest } from '../../lib/api-client.ts';
import { SectionHeading } from '../../components/section-heading.tsx';
import { StarRow } from './stars.tsx';

export function TestimonialsList() {
  const { t, i18n } = useTranslation('ratings');
  const testimonials = useQuery({
    queryKey: ['public', 'testimonials'],
    queryFn: async () => (await apiRequest<{ items: Testimonial[] }>('/testimonials')).data.items,
    staleTime: 5 * 60_000,
  });
  const items = testimonials.data ?? [];
  if (items.length === 0) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' });
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 py-16 md:py-24" data-testid="testimonials">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="testimonials-title" title={t('testimonials.title')} subtitle={t('testimonials.subtitle')} />
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id} className="flex">
              <figure className="flex flex-1 flex-col gap-4 rounded-2xl border bg-card p-6 shadow-sm">
                <div className="flex items-center justify-between gap-3">
                  <StarRow stars={item.stars} label={t('testimonials.rating', { stars: item.stars })} />
                  <Quote className="size-6 text-primary/30 rtl:-scale-x-100" aria-hidden="true" />
                </div>
                <blockquote dir="auto" className="flex-1 text-pretty break-words whitespace-pre-line text-foreground/90">
                  {item.feedback}
                </blockquote>
                <figcaption className="text-sm">
                  <bdi className="font-semibold">{item.name}</bdi>
                  <span className="text-muted-foreground"> · {date.format(new Date(item.date))}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
