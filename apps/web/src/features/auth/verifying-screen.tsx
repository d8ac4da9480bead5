import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';

/** SPEC §2: shown while a protected area checks the session. */
export function VerifyingScreen() {
  const { t } = useTranslation('auth');
  return (
    <div
      data-testid="verifying-authentication"
      aria-live="polite"
      className="flex min-h-[var(--window-height,100vh)] flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner className="size-8 text-primary" label={t('session.verifying')} />
      <p className="text-sm font-medium">{t('session.verifying')}</p>
    </div>
  );
}
