// Language choice (SPEC §1): a button showing the current language that opens a menu naming every language
// in its own words (English, Français, العربية). Changing it re-renders every translated text, flips
// <html dir> for Arabic and refetches the branding of that language.
// Why a menu that renders its items only while open: the Arabic name drawn on an English page made the
// browser download the Arabic font subset (fonts load per unicode-range) for one word. Written by hand
// (menu button pattern of the ARIA practices), not with Radix: the landing page carries it.
import { Check, Languages } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@garage/shared/constants';
import { clsx as cn } from 'clsx';

/** Each language named in its own words (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', ar: 'العربية' };
const SHORT: Record<Language, string> = { en: 'EN', fr: 'FR', ar: 'AR' };

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  // Opening puts the focus on the chosen language; a click outside closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves when the menu opens, not when the language changes.
  useEffect(() => {
    if (!open) return;
    items.current[Math.max(0, LANGUAGES.indexOf(current))]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };
  const choose = (language: Language) => {
    close(true);
    if (language !== current) void i18n.changeLanguage(language);
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.current.findIndex((item) => item === document.activeElement);
    const focusAt = (next: number) => items.current[(next + LANGUAGES.length) % LANGUAGES.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(LANGUAGES.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div ref={root} className={cn('relative inline-block', className)}>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // The visible code starts the accessible name (WCAG 2.5.3), then what the button does.
        aria-label={`${SHORT[current] ?? current.toUpperCase()}, ${t('language.choose')}`}
        data-testid="language-menu"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="inline-flex h-8 items-center gap-1.5 rounded-full border bg-card px-2.5 text-xs font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Languages className="size-4" aria-hidden="true" />
        {SHORT[current] ?? current.toUpperCase()}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('language.choose')}
          onKeyDown={onMenuKey}
          className="absolute end-0 top-full z-50 mt-1 flex min-w-36 flex-col rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {LANGUAGES.map((language, index) => (
            <button
              key={language}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={current === language}
              lang={language}
              tabIndex={-1}
              data-testid={`language-${language}`}
              onClick={() => choose(language)}
              className="flex items-center justify-between gap-3 rounded-sm px-2 py-1.5 text-start text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground"
            >
              {LANGUAGE_NAMES[language]}
              <Check className={cn('size-4', current !== language && 'invisible')} aria-hidden="true" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
