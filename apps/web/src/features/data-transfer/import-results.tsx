// What a validation found (counts, duplicates, every invalid row with its field) and what an import did.
import { CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ImportJob, ImportSummary } from '@garage/shared/schemas/data-transfer';
import { IMPORT_LIMITS } from '@garage/shared/schemas/data-transfer';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { translateMessage } from '../../lib/form-errors.ts';

export function ValidationResult({ job }: { job: ImportJob }) {
  const { t, i18n } = useTranslation(['dataTransfer', 'validation', 'fields']);
  const number = (value: number) => value.toLocaleString(i18n.language);
  return (
    <div className="flex flex-col gap-3" data-testid="validation-result">
      <p className="flex items-center gap-2 font-medium">
        {job.invalidRows === 0 ? (
          <CircleCheck className="size-5 text-success" aria-hidden="true" />
        ) : (
          <TriangleAlert className="size-5 text-destructive" aria-hidden="true" />
        )}
        {job.invalidRows === 0
          ? t('validation.allValid')
          : t('validation.result', { valid: number(job.validRows), invalid: number(job.invalidRows) })}
      </p>
      {(job.duplicates.customers > 0 || job.duplicates.vehicles > 0) && (
        <p className="text-sm text-muted-foreground">
          {t('validation.duplicates', { customers: number(job.duplicates.customers), vehicles: number(job.duplicates.vehicles) })}
        </p>
      )}
      {job.errors.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t('validation.errorsTitle')}</h3>
          <RowIssuesTable issues={job.errors} testId="import-errors" />
          {job.errors.length >= IMPORT_LIMITS.errorsKept && (
            <p className="text-xs text-muted-foreground">{t('validation.moreErrors', { count: IMPORT_LIMITS.errorsKept })}</p>
          )}
        </div>
      )}
      <RowWarnings job={job} />
    </div>
  );
}

/** Rows imported with a change (a note cut at its limit, an invalid VIN left out): row, column, what changed. */
export function RowWarnings({ job }: { job: ImportJob }) {
  const { t } = useTranslation(['dataTransfer', 'validation', 'fields']);
  if (job.warnings.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Info className="size-4 text-amber-600" aria-hidden="true" />
        {t('validation.warningsTitle')}
      </h3>
      <RowIssuesTable issues={job.warnings} testId="import-warnings" />
      {job.warnings.length >= IMPORT_LIMITS.errorsKept && (
        <p className="text-xs text-muted-foreground">{t('validation.moreWarnings', { count: IMPORT_LIMITS.errorsKept })}</p>
      )}
    </div>
  );
}

/** Row, column and message of each invalid row or each change made to a row (errors and warnings alike). */
function RowIssuesTable({ issues, testId }: { issues: ImportJob['errors'] | ImportJob['warnings']; testId: string }) {
  const { t, i18n } = useTranslation(['dataTransfer', 'validation', 'fields']);
  const number = (value: number) => value.toLocaleString(`${i18n.language}-u-nu-latn`);
  return (
    <div className="max-h-80 overflow-auto rounded-md border">
      <Table data-testid={testId}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-16 text-start">{t('validation.row')}</TableHead>
            <TableHead className="text-start">{t('mapping.column')}</TableHead>
            <TableHead className="text-start">{t('validation.problem')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {issues.map((issue, index) => (
            <TableRow key={`${issue.row}-${issue.field}-${index}`}>
              <TableCell className="tabular-nums">{number(issue.row)}</TableCell>
              <TableCell dir="auto">{issue.column ?? t(`fields.${issue.field}`, { defaultValue: issue.field })}</TableCell>
              <TableCell className="whitespace-normal">{translateMessage(t, issue.message)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

const PARTS = ['customers', 'vehicles', 'visits', 'oilChanges'] as const;

export function ImportSummaryTable({ summary }: { summary: ImportSummary }) {
  const { t, i18n } = useTranslation('dataTransfer');
  const number = (value: number) => value.toLocaleString(i18n.language);
  return (
    <div className="flex flex-col gap-2" data-testid="import-summary">
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="text-start" />
              <TableHead className="text-end">{t('summary.created')}</TableHead>
              <TableHead className="text-end">{t('summary.updated')}</TableHead>
              <TableHead className="text-end">{t('summary.skipped')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {PARTS.map((part) => (
              <TableRow key={part} data-testid={`summary-${part}`}>
                <TableCell className="font-medium">{t(`summary.${part}`)}</TableCell>
                <TableCell className="text-end tabular-nums">{number(summary[part].created)}</TableCell>
                <TableCell className="text-end tabular-nums">{number(summary[part].updated)}</TableCell>
                <TableCell className="text-end tabular-nums">{number(summary[part].skipped)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {summary.failedRows > 0 && <p className="text-sm text-destructive">{t('summary.failed', { count: summary.failedRows })}</p>}
    </div>
  );
}
