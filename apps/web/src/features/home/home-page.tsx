// The public home page (SPEC §2): hero, about, services, location with opening hours, FAQ, gallery and the
// contact form. Texts and images come from the merchant's branding in the current language.
import { AboutSection } from './about-section.tsx';
import { ContactSection } from './contact-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { GallerySection } from './gallery-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { LocationSection } from './location-section.tsx';
import { ServicesSection } from './services-section.tsx';
import { TestimonialsSection } from '../ratings/index.ts';
import { BookVisitSection } from '../appointments/index.ts';
import { RenderInTurn } from '../../components/render-in-turn.tsx';

export function HomePage() {
  return (
    <RenderInTurn
      parts={[
        <HeroSection key="hero" />,
        <AboutSection key="about" />,
        <ServicesSection key="services" />,
        <LocationSection key="location" />,
        <TestimonialsSection key="testimonials" />,
        <FaqSection key="faq" />,
        <GallerySection key="gallery" />,
        <BookVisitSection key="book" />,
        <ContactSection key="contact" />,
      ]}
    />
  );
}
