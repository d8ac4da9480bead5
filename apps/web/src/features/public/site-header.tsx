// Public website header: brand, section links, language, dark mode and sign-in. On phones the links fold
// into a disclosure panel (no dialog library on the landing page).
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { DarkModeToggle } from '../../components/dark-mode-toggle.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { clsx as cn } from 'clsx';
import { useBranding } from '../branding/index.ts';

const SECTION_LINKS = [
  { hash: 'about', key: 'nav.about' },
  { hash: 'services', key: 'nav.services' },
  { hash: 'location', key: 'nav.location' },
  { hash: 'faq', key: 'nav.faq' },
  { hash: 'contact', key: 'nav.contact' },
] as const;

export function BrandMark({ className }: { className?: string }) {
  const { fields, displayName } = useBranding();
  return (
    <Link
      to="/"
      className={cn(
        'flex min-w-0 items-center gap-2.5 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      <img src={fields.headerLogo || '/brand/logo.svg'} alt="" width={36} height={36} className="size-9 shrink-0" />
      <span data-testid="merchant-display-name" className="truncate text-lg font-bold tracking-tight">
        {displayName}
      </span>
    </Link>
  );
}

export function SiteHeader() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  const links = (
    <>
      {SECTION_LINKS.map((link) => (
        <Link
          key={link.hash}
          to={{ pathname: '/', hash: link.hash }}
          className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
        >
          {t(link.key)}
        </Link>
      ))}
      <Link
        to="/all-services"
        className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
      >
        {t('nav.allServices')}
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <BrandMark className="me-auto min-w-0 lg:me-0" />
        <nav aria-label={t('nav.main')} className="mx-auto hidden items-center gap-1 lg:flex">
          {links}
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden sm:block">
            <LanguageSwitcher />
          </div>
          <DarkModeToggle />
          <div className="hidden sm:block">
            <Link to="/login" className={buttonVariants({ size: 'sm' })}>
              {t('nav.signIn')}
            </Link>
          </div>
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-nav"
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      <div id="mobile-nav" hidden={!open} className="border-t bg-background lg:hidden">
        <nav aria-label={t('nav.main')} className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
          {links}
          <div className="mt-2 flex items-center justify-between gap-3 border-t pt-3">
            <LanguageSwitcher />
            <Link to="/login" className={buttonVariants({ size: 'sm' })}>
              {t('nav.signIn')}
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}
