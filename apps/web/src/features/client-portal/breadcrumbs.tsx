// Where a client-area page sits: My vehicles › vehicle › visit › task. The last crumb is the current page.
import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string;
  /** Plates and other codes keep their left-to-right order inside Arabic. */
  ltr?: boolean;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation('approvals');
  return (
    <nav aria-label={t('portal.breadcrumbs.label')} data-testid="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {items.map((item, index) => (
          <Fragment key={`${index}-${item.label}`}>
            {index > 0 && <ChevronRight className="size-3.5 shrink-0 rtl:rotate-180" aria-hidden="true" />}
            <li className="min-w-0">
              {item.to ? (
                <Link to={item.to} className="hover:text-foreground hover:underline" dir={item.ltr ? 'ltr' : undefined}>
                  {item.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-foreground" dir={item.ltr ? 'ltr' : undefined}>
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
