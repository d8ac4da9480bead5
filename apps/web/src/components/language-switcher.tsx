// Language choice (SPEC §1): a compact segmented control. Changing it re-renders every translated text,
// flips <html dir> for Arabic and refetches the branding of that language.
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@garage/shared/constants';
import { clsx as cn } from 'clsx';

const LABELS: Record<Language, { short: string; name: string }> = {
  en: { short: 'EN', name: 'English' },
  fr: { short: 'FR', name: 'Français' },
  ar: { short: 'ع', name: 'العربية' },
};

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div role="group" aria-label={t('language.choose')} className={cn('inline-flex items-center rounded-full border bg-card p-0.5', className)}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          // The visible code comes first so the accessible name contains what is seen (WCAG 2.5.3).
          aria-label={language === 'ar' ? LABELS[language].name : `${LABELS[language].short}, ${LABELS[language].name}`}
          title={LABELS[language].name}
          data-testid={`language-${language}`}
          onClick={() => void i18n.changeLanguage(language)}
          className="min-w-9 rounded-full px-2.5 py-1 text-xs font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-pressed:bg-primary aria-pressed:text-primary-foreground"
        >
          {LABELS[language].short}
        </button>
      ))}
    </div>
  );
}
