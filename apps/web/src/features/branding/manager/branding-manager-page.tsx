// /admin/settings/merchant-info (SPEC §2, §3): the branding manager. One tab per language plus common;
// each tab edits every catalogue type of its scope. Reads share the cache of the running app's branding,
// so a saved change re-themes the app at once.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BRANDING_TYPES } from '@garage/shared/branding';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { brandingKeys, fetchBranding } from '../branding-api.ts';
import { BrandingEntryCard } from './branding-entry-card.tsx';
import { ShopDetailsCard } from '../../setup/index.ts';

const TABS = ['common', 'en', 'ar', 'fr'] as const;
type Tab = (typeof TABS)[number];

function BrandingTab({ tab }: { tab: Tab }) {
  const { t } = useTranslation(['branding', 'common']);
  // The common entries come with any language; en shares its cache with the public site's default.
  const language = tab === 'common' ? 'en' : tab;
  const query = useQuery({ queryKey: brandingKeys.list(language), queryFn: ({ signal }) => fetchBranding(language, 'ACTIVE', signal) });
  const scope = tab === 'common' ? 'common' : 'language';
  const types = Object.entries(BRANDING_TYPES).filter(([, definition]) => definition.scope === scope);

  if (query.isPending)
    return (
      <div className="grid gap-6">
        {types.map(([type]) => (
          <Skeleton key={type} className="h-48 rounded-xl" />
        ))}
      </div>
    );
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-6">
        <p className="font-medium text-destructive">{t('loadFailed')}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      {types.map(([type, definition]) => (
        <BrandingEntryCard
          key={`${type}-${tab}`}
          type={type}
          language={tab}
          kinds={definition.fields}
          entry={query.data.find((entry) => entry.type === type && entry.language === tab)}
        />
      ))}
    </div>
  );
}

export function BrandingManagerPage() {
  const { t } = useTranslation('branding');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'common';
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('subtitle')}</p>
      </header>
      <ShopDetailsCard />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList aria-label={t('title')}>
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value} data-testid={`branding-tab-${value}`}>
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((value) => (
          <TabsContent key={value} value={value} className="mt-4">
            {value === tab && <BrandingTab tab={value} />}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
