// The frame of the sign-in screens: the shop's brand panel beside the form on wide screens, the form alone
// on phones; language and dark mode stay reachable.
import { ShieldCheck, Wrench, CalendarCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DarkModeToggle } from '../../components/dark-mode-toggle.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { useBranding } from '../branding/index.ts';
import { BrandMark } from '../public/index.ts';

const POINTS = [
  { key: 'follow', icon: CalendarCheck },
  { key: 'history', icon: Wrench },
  { key: 'secure', icon: ShieldCheck },
] as const;

export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const { fields, displayName } = useBranding();
  const heroImage = fields.heroImage1 || '/brand/hero-1.svg';

  return (
    <div className="grid min-h-[var(--window-height,100dvh)] lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-brand-800 text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
        <img src={heroImage} alt="" className="absolute inset-0 size-full object-cover opacity-25" />
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-br from-brand-800/95 via-brand-800/80 to-brand-600/70" />
        <p className="relative flex items-center gap-3 text-lg font-semibold tracking-tight">
          <img src={fields.headerLogo || '/brand/logo.svg'} alt="" width={40} height={40} className="size-10 rounded-lg bg-white/10 p-1" />
          {displayName}
        </p>
        <div className="relative flex max-w-md flex-col gap-8">
          <h2 className="text-3xl leading-tight font-bold tracking-tight xl:text-4xl">{t('brand.tagline')}</h2>
          <ul className="flex flex-col gap-4">
            {POINTS.map(({ key, icon: Icon }) => (
              <li key={key} className="flex items-start gap-3 text-white/90">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="pt-1.5 text-sm leading-relaxed">{t(`brand.points.${key}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-white/60">
          © {new Date().getFullYear()} {displayName}
        </p>
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="flex items-center justify-between gap-3 px-4 py-3 sm:px-8">
          <BrandMark className="lg:invisible" />
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            <DarkModeToggle />
          </div>
        </header>
        <main id="main-content" tabIndex={-1} className="flex flex-1 outline-none items-center justify-center px-4 pb-12 pt-4 sm:px-8">
          <div className="flex w-full max-w-sm flex-col gap-6">
            <div className="flex flex-col gap-2">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
              {subtitle ? <p className="text-sm leading-relaxed text-muted-foreground">{subtitle}</p> : null}
            </div>
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
