import { Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-6 px-6 py-24 text-center">
      <p aria-hidden="true" className="bg-gradient-to-br from-brand-400 to-brand-800 bg-clip-text text-8xl font-black text-transparent">
        404
      </p>
      <h1 className="text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.description')}</p>
      <Link to="/" className={buttonVariants({ size: 'lg' })}>
        <Home aria-hidden="true" />
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
