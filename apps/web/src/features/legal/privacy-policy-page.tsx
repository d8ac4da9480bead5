import { LegalDocument } from './legal-document.tsx';

const SECTIONS = ['collect', 'use', 'share', 'cookies', 'retention', 'security', 'rights', 'children', 'changes'] as const;

export function PrivacyPolicyPage() {
  return <LegalDocument document="privacy" sections={SECTIONS} />;
}
