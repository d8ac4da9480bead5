// Previous / next paging with "page X of Y" for the paged lists (users, to-dos, a customer's visits).
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';

export function Pager({
  page,
  pageCount,
  total,
  onPage,
}: {
  page: number;
  pageCount: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  if (total === 0) return null;
  return (
    <nav className="flex items-center justify-between gap-3 text-sm" aria-label={t('pager.label')}>
      <span className="text-muted-foreground">{t('pager.summary', { page, pageCount, total })}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="rtl:rotate-180" />
          {t('pager.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          {t('pager.next')}
          <ChevronRight className="rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}
