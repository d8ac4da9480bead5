// The home page's testimonials: loaded only when scrolled near (code, texts and data), and nothing at all is
// shown while staff have chosen none. Kept tiny: the home page imports this file eagerly.
import { lazy } from 'react';
import { LazyWhenVisible } from '../../components/lazy-when-visible.tsx';
import { i18n } from '../../lib/i18n.ts';

const TestimonialsList = lazy(async () => {
  const [module] = await Promise.all([import('./testimonials-list.tsx'), i18n.loadNamespaces(['ratings'])]);
  return { default: module.TestimonialsList };
});

export function TestimonialsSection() {
  return (
    <LazyWhenVisible fallback={<div aria-hidden="true" className="h-1" />}>
      <TestimonialsList />
    </LazyWhenVisible>
  );
}
