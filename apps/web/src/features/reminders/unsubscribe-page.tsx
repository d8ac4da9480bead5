// /unsubscribe/:token: the link at the bottom of every reminder email. Works without signing in (the token
// is signed by the server); it asks for one click first, so a mail scanner opening the link changes nothing.
import { useMutation } from '@tanstack/react-query';
import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiRequest } from '../../lib/api-client.ts';

export function UnsubscribePage() {
  const { t } = useTranslation('reminders');
  const { token = '' } = useParams();
  const stop = useMutation({
    mutationFn: async () => (await apiRequest<{ firstName: string }>('/reminders/unsubscribe', { method: 'POST', json: { token } })).data,
  });
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-16">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
          <BellOff className="size-10 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{t('unsubscribe.title')}</h1>
          {stop.isSuccess ? (
            <p role="status" data-testid="unsubscribe-done">
              {t('unsubscribe.done', { name: stop.data.firstName })}
            </p>
          ) : stop.isError ? (
            <p role="alert" className="text-destructive">
              {t('unsubscribe.invalid')}
            </p>
          ) : (
            <>
              <p className="text-muted-foreground">{t('unsubscribe.question')}</p>
              <Button onClick={() => stop.mutate()} disabled={stop.isPending} data-testid="unsubscribe-confirm">
                {stop.isPending && <Spinner />}
                {t('unsubscribe.confirm')}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
