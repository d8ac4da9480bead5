// /admin/settings/data: import customers (any staff) and export everything the shop owns (administrators).
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { env } from '../../env.ts';
import { useAuth } from '../../lib/auth/session.ts';
import { ImportWizard } from './import-wizard.tsx';

export function DataTransferPage() {
  const { t } = useTranslation('dataTransfer');
  const { roles } = useAuth();
  const isAdmin = roles.includes('ADMIN');
  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('import.title')}</CardTitle>
          <CardDescription>{t('import.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ImportWizard />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('export.title')}</CardTitle>
          <CardDescription>{t('export.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {isAdmin ? (
            <Button asChild>
              <a href={`${env.apiUrl}/data-transfer/export`} download data-testid="export-zip">
                <Download />
                {t('export.download')}
              </a>
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{t('export.adminOnly')}</p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
