import { LegalDocument } from './legal-document.tsx';

const SECTIONS = ['service', 'accounts', 'quotes', 'payment', 'warranty', 'liability', 'eligibility', 'changes'] as const;

export function TermsOfServicePage() {
  return <LegalDocument document="terms" sections={SECTIONS} />;
}
