// Frame of the signed-in areas (/admin, /client): navigation (a drawer on phones, a collapsible sidebar
// open by default on desktop), language, dark mode and the user menu. UI state lives in lib/ui-store.ts
// (SPEC §3: activeTab, isDrawerOpen, isNavbarOpen).
import { Globe, Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { DarkModeToggle } from '../../components/dark-mode-toggle.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { SkipLink } from '../../components/route-a11y.tsx';
import { PageSkeleton } from '../../components/loading-frames.tsx';
import { RouteProgress } from '../../components/route-progress.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet.tsx';
import { getUiState, setUiState, useUiState } from '../../lib/ui-store.ts';
import { cn } from '../../lib/utils.ts';
import { useBranding } from '../branding/index.ts';
import { UnreadMessagesBadge } from '../messages/index.ts';
import { CustomerDecisionsBadge } from '../approvals/index.ts';
import { RemindersBadge } from '../reminders/index.ts';
import { AppointmentsBadge } from '../appointments/index.ts';
import { activeNavKey, type NavGroup } from './nav-items.ts';
import { UserMenu } from './user-menu.tsx';

function NavList({ groups, activeKey, compact = false }: { groups: readonly NavGroup[]; activeKey: string; compact?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => (
        <div key={group.key}>
          <p className={cn('mb-2 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase', compact && 'sr-only')}>
            {t(`groups.${group.key}`)}
          </p>
          <ul className="flex flex-col gap-1">
            {group.items.map(({ key, to, Icon, badge }) => (
              <li key={key}>
                <Link
                  to={to}
                  aria-current={activeKey === key ? 'page' : undefined}
                  title={compact ? t(`pages.${key}`) : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground',
                    'aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground',
                    compact && 'justify-center px-0',
                  )}
                >
                  <span className="relative shrink-0">
                    <Icon className="size-5" aria-hidden="true" />
                    {badge === 'unreadMessages' && compact && <UnreadMessagesBadge compact />}
                    {badge === 'customerDecisions' && compact && <CustomerDecisionsBadge compact />}
                    {badge === 'reminders' && compact && <RemindersBadge compact />}
                    {badge === 'appointments' && compact && <AppointmentsBadge compact />}
                  </span>
                  <span className={cn(compact && 'sr-only')}>{t(`pages.${key}`)}</span>
                  {badge === 'unreadMessages' && !compact && <UnreadMessagesBadge />}
                  {badge === 'customerDecisions' && !compact && <CustomerDecisionsBadge />}
                  {badge === 'reminders' && !compact && <RemindersBadge />}
                  {badge === 'appointments' && !compact && <AppointmentsBadge />}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function ShellBrand({ compact = false, area }: { compact?: boolean; area: string }) {
  const { fields, displayName } = useBranding();
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2.5">
      <img src={fields.headerLogo || '/brand/logo.svg'} alt="" width={32} height={32} className="size-8 shrink-0" />
      <span className={cn('min-w-0', compact && 'sr-only')}>
        <span className="block truncate font-bold">{displayName}</span>
        <span className="block truncate text-xs text-muted-foreground">{area}</span>
      </span>
    </Link>
  );
}

export function AppShell({ nav, area, profilePath }: { nav: readonly NavGroup[]; area: 'admin' | 'client'; profilePath: string }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isNavbarOpen = useUiState((state) => state.isNavbarOpen);
  const isDrawerOpen = useUiState((state) => state.isDrawerOpen);
  const activeTab = useUiState((state) => state.activeTab);
  const areaLabel = t(`area.${area}`);

  // A drawer closed by choosing a screen leaves the focus to the new page (RouteA11y puts it on its heading)
  // instead of handing it back to the drawer's button, as closing it with Escape or the close button does.
  const closedByNavigation = useRef(false);
  useEffect(() => {
    closedByNavigation.current = getUiState().isDrawerOpen;
    setUiState({ activeTab: activeNavKey(nav, pathname), isDrawerOpen: false });
  }, [nav, pathname]);

  return (
    <div className="flex min-h-full flex-1 bg-muted/40">
      <SkipLink />
      {/* The column carries the sidebar's background down the whole page; the sidebar itself stays in view. */}
      <div className="hidden shrink-0 border-e bg-card lg:block">
        <aside
          data-open={isNavbarOpen}
          className="sticky top-0 flex h-dvh flex-col gap-6 overflow-y-auto p-4 transition-[width] duration-200 data-[open=false]:w-20 data-[open=true]:w-64"
        >
          <ShellBrand compact={!isNavbarOpen} area={areaLabel} />
          <nav aria-label={t('nav.label')}>
            <NavList groups={nav} activeKey={activeTab} compact={!isNavbarOpen} />
          </nav>
        </aside>
      </div>

      <Sheet open={isDrawerOpen} onOpenChange={(open) => setUiState({ isDrawerOpen: open })}>
        <SheetContent
          side="start"
          className="w-72 overflow-y-auto p-4"
          closeLabel={t('common:actions.close')}
          onCloseAutoFocus={(event) => {
            if (closedByNavigation.current) event.preventDefault();
            closedByNavigation.current = false;
          }}
        >
          <SheetTitle className="sr-only">{t('nav.label')}</SheetTitle>
          <SheetDescription className="sr-only">{areaLabel}</SheetDescription>
          <ShellBrand area={areaLabel} />
          <nav aria-label={t('nav.label')} className="mt-4">
            <NavList groups={nav} activeKey={activeTab} />
          </nav>
        </SheetContent>
      </Sheet>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent lg:hidden"
            aria-label={t('nav.open')}
            aria-expanded={isDrawerOpen}
            onClick={() => setUiState({ isDrawerOpen: true })}
            data-testid="open-drawer"
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="hidden size-9 items-center justify-center rounded-md hover:bg-accent lg:inline-flex"
            aria-label={isNavbarOpen ? t('nav.collapse') : t('nav.expand')}
            aria-expanded={isNavbarOpen}
            onClick={() => setUiState((state) => ({ isNavbarOpen: !state.isNavbarOpen }))}
          >
            {isNavbarOpen ? (
              <PanelLeftClose className="size-5 rtl:-scale-x-100" aria-hidden="true" />
            ) : (
              <PanelLeftOpen className="size-5 rtl:-scale-x-100" aria-hidden="true" />
            )}
          </button>
          <p className="truncate font-semibold">{activeTab ? t(`pages.${activeTab}`) : areaLabel}</p>
          <div className="ms-auto flex items-center gap-2">
            <Link
              to="/"
              className="hidden size-9 items-center justify-center rounded-full text-muted-foreground hover:bg-accent sm:inline-flex"
              title={t('nav.website')}
              aria-label={t('nav.website')}
            >
              <Globe className="size-4" aria-hidden="true" />
            </Link>
            <LanguageSwitcher />
            <DarkModeToggle />
            <UserMenu profilePath={profilePath} />
          </div>
        </header>
        <main id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6 lg:p-8">
          <Suspense
            fallback={
              <>
                <RouteProgress />
                <PageSkeleton />
              </>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
