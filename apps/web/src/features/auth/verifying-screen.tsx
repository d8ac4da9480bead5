import { useTranslation } from 'react-i18next';
import { ShellSkeleton } from '../../components/loading-frames.tsx';

/**
 * SPEC §2: shown while a protected area checks the session. It is the area's frame with placeholders
 * (components/loading-frames.tsx), so the shell and the page then appear in place, without a blank screen.
 */
export function VerifyingScreen() {
  const { t } = useTranslation('auth');
  return <ShellSkeleton testId="verifying-authentication" label={t('session.verifying')} />;
}
