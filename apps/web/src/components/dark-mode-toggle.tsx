import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setUiState, useUiState } from '../lib/ui-store.ts';
import { clsx as cn } from 'clsx';

export function DarkModeToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const isDarkMode = useUiState((state) => state.isDarkMode);
  return (
    <button
      type="button"
      aria-pressed={isDarkMode}
      aria-label={t('darkMode')}
      title={t('darkMode')}
      onClick={() => setUiState((state) => ({ isDarkMode: !state.isDarkMode }))}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      {isDarkMode ? <Sun className="size-4" aria-hidden="true" /> : <Moon className="size-4" aria-hidden="true" />}
    </button>
  );
}
