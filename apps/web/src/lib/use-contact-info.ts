// The shop's contact details: branding first (CONTACT, SOCIAL_LINKS, WORKING_HOURS), the required
// VITE_* settings as the fallback so the site always shows a way to reach the shop.
import { env } from '../env.ts';
import { useBranding } from '../features/branding/index.ts';

export interface ContactInfo {
  phone: string;
  email: string;
  supportEmail: string;
  address: string;
  whatsapp: string;
  facebook: string;
  instagram: string;
  workingHours: string[];
  emergencyService: boolean;
}

const safeUrl = (value: string | undefined, fallback: string) => (value && /^https?:\/\//.test(value) ? value : fallback);

export function useContactInfo(): ContactInfo {
  const { fields } = useBranding();
  return {
    phone: fields.contactPhone || env.phone,
    email: fields.contactEmail || env.supportEmail,
    supportEmail: env.supportEmail,
    address: fields.contactAddress ?? '',
    whatsapp: safeUrl(fields.whatsapp, env.whatsapp),
    facebook: safeUrl(fields.facebook, env.facebook),
    instagram: safeUrl(fields.instagram, env.instagram),
    workingHours: (fields.workingHours ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    emergencyService: fields.emergencyService === 'true',
  };
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
