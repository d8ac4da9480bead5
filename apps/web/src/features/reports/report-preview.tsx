// The preview of a report: its totals as tiles and its first rows as a table, values formatted in the UI
// language (money with the shop's currency, Latin digits, numbers and dates isolated left to right).
import type { ReportPreview } from '@garage/shared/schemas/reports';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { formatMoney } from '../../lib/money.ts';
import { cn } from '../../lib/utils.ts';

type ColumnType = ReportPreview['columns'][number]['type'];
const NUMERIC: readonly ColumnType[] = ['integer', 'quantity', 'money', 'percent'];

function useCellFormat(currency: string, lang: string) {
  return useMemo(() => {
    const number = new Intl.NumberFormat(`${lang}-u-nu-latn`, { maximumFractionDigits: 1 });
    // Stock quantities in thousandths of their unit (0.125 kg).
    const quantity = new Intl.NumberFormat(`${lang}-u-nu-latn`, { maximumFractionDigits: 3 });
    const day = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { dateStyle: 'medium', timeZone: 'UTC' });
    const hour = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
      hourCycle: 'h23',
    });
    // Intl writes right-to-left marks into Arabic dates and numbers; inside a left-to-right island they
    // would reorder the digits ("2026/05/08" shown as "082026/05/"), so they are dropped.
    return (value: string | number | null | undefined, type: ColumnType): string =>
      format(value, type).replace(/[\u200e\u200f\u061c]/g, '');
    function format(value: string | number | null | undefined, type: ColumnType): string {
      if (value === null || value === undefined) return '';
      switch (type) {
        case 'money':
          return formatMoney(Number(value), currency, lang);
        case 'integer':
          return number.format(Number(value));
        case 'quantity':
          return quantity.format(Number(value));
        case 'percent':
          return `${number.format(Number(value))} %`;
        case 'date': {
          const text = String(value);
          return text.length > 10 ? hour.format(new Date(`${text}:00Z`)) : day.format(new Date(`${text}T00:00:00Z`));
        }
        default:
          return String(value);
      }
    }
  }, [currency, lang]);
}

export function ReportTotals({ preview, lang }: { preview: ReportPreview; lang: string }) {
  const { t } = useTranslation('reports');
  const format = useCellFormat(preview.currency, lang);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={t('totals')} data-testid="report-totals">
      {preview.totals.map((total) => (
        <div key={total.key} className="rounded-xl border bg-card p-3" data-testid={`report-total-${total.key}`}>
          <dt className="text-xs text-muted-foreground">{total.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            <Ltr>{format(total.value, total.type)}</Ltr>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ReportPreviewTable({ preview, lang }: { preview: ReportPreview; lang: string }) {
  const { t } = useTranslation('reports');
  const format = useCellFormat(preview.currency, lang);
  if (preview.rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="report-empty">
        {t('noRows')}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <Table data-testid="report-table">
        <TableHeader>
          <TableRow>
            {preview.columns.map((column) => (
              <TableHead key={column.key} className={cn('whitespace-nowrap', NUMERIC.includes(column.type) && 'text-end')}>
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.rows.map((row, index) => (
            <TableRow key={index}>
              {preview.columns.map((column) => {
                const text = format(row[column.key], column.type);
                return (
                  <TableCell
                    key={column.key}
                    className={cn(
                      NUMERIC.includes(column.type) && 'text-end tabular-nums',
                      column.type === 'text' ? 'min-w-32' : 'whitespace-nowrap',
                    )}
                  >
                    {column.type === 'text' || column.type === 'enum' ? <span dir="auto">{text}</span> : <Ltr>{text}</Ltr>}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
