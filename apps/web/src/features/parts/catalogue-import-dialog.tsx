// Import the parts catalogue or the suppliers from a CSV or XLSX (admins). One REST request per step
// (POST /data-transfer/catalogue-imports/{kind}): "Check" validates every row and writes nothing, "Import"
// writes the valid rows and reports the others. Row errors come as message codes and are shown in the
// user's language. The example CSV is made here, so it always lists the columns this help text names.
import { Download, FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_IMPORT_KINDS, IMPORT_LIMITS, type CatalogueImportResult } from '@garage/shared/schemas/data-transfer';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { env } from '../../env.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import type { ApiErrorBody } from '../../lib/api-client.ts';
import { errorMessageOf, translateMessage } from '../../lib/form-errors.ts';
import { usePartsRefresh } from './use-parts-refresh.ts';

type Kind = (typeof CATALOGUE_IMPORT_KINDS)[number];
type Mode = 'check' | 'import';

/** The columns the API reads (docs/import.md), in the order of the example file. */
const COLUMNS: Record<Kind, string[]> = {
  parts: [
    'partNumber',
    'name',
    'brand',
    'category',
    'barcode',
    'unit',
    'cost',
    'price',
    'reorderPoint',
    'reorderQuantity',
    'supplier',
    'binLocation',
    'onHand',
    'notes',
  ],
  suppliers: ['name', 'contactName', 'email', 'phone', 'accountNumber', 'leadTimeDays', 'notes'],
};

const EXAMPLE_ROWS: Record<Kind, string[][]> = {
  parts: [
    ['OF-2001', 'Oil filter', 'Bosch', 'Filters', '4006381333931', 'PIECE', '4.20', '', '5', '20', 'Parts Direct', 'A-1', '12', ''],
    ['EO-5W30', 'Engine oil 5W-30', 'Total', 'Oils', '', 'LITRE', '6.80', '12.50', '10', '60', 'Parts Direct', 'B-2', '40', ''],
  ],
  suppliers: [['Parts Direct', 'Sam Martin', 'orders@parts-direct.example', '+33 1 23 45 67 89', 'C-1042', '2', '']],
};

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function downloadExample(kind: Kind) {
  const lines = [COLUMNS[kind], ...EXAMPLE_ROWS[kind]].map((row) => row.map(csvCell).join(','));
  // The BOM makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind}-import-example.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

interface CatalogueImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CatalogueImportDialog({ open, onOpenChange }: CatalogueImportDialogProps) {
  const { t, i18n } = useTranslation(['parts', 'common', 'validation', 'fields']);
  const refresh = usePartsRefresh();
  const fileInput = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<Kind>('parts');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<Mode | null>(null);
  const [result, setResult] = useState<CatalogueImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const number = (value: number) => value.toLocaleString(i18n.language);

  function reset() {
    setFile(null);
    setResult(null);
    setFailure(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function send(mode: Mode) {
    if (!file) return;
    setBusy(mode);
    setFailure(null);
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const response = await apiFetch(`${env.apiUrl}/data-transfer/catalogue-imports/${kind}?mode=${mode}`, {
        method: 'POST',
        body,
        headers: { accept: 'application/json' },
      });
      const data = (await response.json().catch(() => ({}))) as CatalogueImportResult & ApiErrorBody;
      if (!response.ok) throw new Error(errorMessageOf(t, { body: data }) ?? t('import.failed'));
      setResult(data);
      if (mode === 'import') await refresh();
    } catch (error) {
      setResult(null);
      setFailure(error instanceof Error ? error.message : t('import.failed'));
    } finally {
      setBusy(null);
    }
  }

  const imported = result?.mode === 'import';
  // After an import the same file would only update what it just wrote: offer a new file instead.
  const canImport = Boolean(file && result?.mode === 'check' && result.validRows > 0);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-2xl" closeLabel={t('common:actions.close', { defaultValue: 'Close' })}>
        <DialogHeader>
          <DialogTitle>{t('import.title')}</DialogTitle>
          <DialogDescription>{t('import.description')}</DialogDescription>
        </DialogHeader>

        <div className="flex flex-col gap-4" data-testid="catalogue-import">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="catalogue-import-kind">{t('import.kind')}</Label>
              <Select
                value={kind}
                onValueChange={(next) => {
                  setKind(next as Kind);
                  setResult(null);
                  setFailure(null);
                }}
                disabled={busy !== null}
              >
                <SelectTrigger id="catalogue-import-kind" className="h-11 w-full" data-testid="import-kind">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CATALOGUE_IMPORT_KINDS.map((value) => (
                    <SelectItem key={value} value={value}>
                      {t(`import.kinds.${value}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="catalogue-import-file">{t('import.file')}</Label>
              <input
                id="catalogue-import-file"
                ref={fileInput}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="min-h-11 w-full rounded-md border px-3 py-2 text-sm file:me-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1"
                disabled={busy !== null}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setResult(null);
                  setFailure(null);
                }}
                data-testid="import-file"
              />
            </div>
          </div>

          <div className="flex flex-col gap-2 rounded-md bg-muted/50 p-3 text-sm">
            <p>{t('import.help', { maxMB: IMPORT_LIMITS.fileMaxMB })}</p>
            <p className="text-muted-foreground">
              {t('import.columns')}{' '}
              <span dir="ltr" className="font-mono text-xs">
                {COLUMNS[kind].join(', ')}
              </span>
            </p>
            <p className="text-muted-foreground">{t(`import.keyHelp.${kind}`)}</p>
            <div>
              <Button type="button" variant="outline" className="h-11" onClick={() => downloadExample(kind)}>
                <Download />
                {t('import.example')}
              </Button>
            </div>
          </div>

          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant={canImport ? 'outline' : 'default'}
              className="h-11 flex-1 sm:flex-none"
              disabled={!file || busy !== null}
              onClick={() => void send('check')}
              data-testid="import-check"
            >
              {busy === 'check' ? <Spinner /> : null}
              {t('import.check')}
            </Button>
            <Button
              type="button"
              className="h-11 flex-1 sm:flex-none"
              disabled={!canImport || busy !== null}
              onClick={() => void send('import')}
              data-testid="import-run"
            >
              {busy === 'import' ? <Spinner /> : <FileUp />}
              {t('import.run')}
            </Button>
          </div>

          {failure && (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          )}

          {result && (
            <div className="flex flex-col gap-3" data-testid={imported ? 'import-summary' : 'import-check-result'} aria-live="polite">
              <p className="font-medium">{imported ? t('import.doneTitle') : t('import.checkTitle')}</p>
              <dl className="grid grid-cols-3 gap-2 text-center">
                {/* The API's check does not tell creations from updates (it reads the file only): it counts valid rows. */}
                {imported ? (
                  <>
                    <div className="rounded-md border p-2">
                      <dt className="text-xs text-muted-foreground">{t('import.created')}</dt>
                      <dd className="text-lg font-semibold tabular-nums" data-testid="import-created">
                        {number(result.created)}
                      </dd>
                    </div>
                    <div className="rounded-md border p-2">
                      <dt className="text-xs text-muted-foreground">{t('import.updated')}</dt>
                      <dd className="text-lg font-semibold tabular-nums" data-testid="import-updated">
                        {number(result.updated)}
                      </dd>
                    </div>
                  </>
                ) : (
                  <>
                    <div className="rounded-md border p-2">
                      <dt className="text-xs text-muted-foreground">{t('import.rows')}</dt>
                      <dd className="text-lg font-semibold tabular-nums" data-testid="import-rows">
                        {number(result.rows)}
                      </dd>
                    </div>
                    <div className="rounded-md border p-2">
                      <dt className="text-xs text-muted-foreground">{t('import.valid')}</dt>
                      <dd className="text-lg font-semibold tabular-nums" data-testid="import-valid">
                        {number(result.validRows)}
                      </dd>
                    </div>
                  </>
                )}
                <div className="rounded-md border p-2">
                  <dt className="text-xs text-muted-foreground">{t('import.errors')}</dt>
                  <dd
                    className={`text-lg font-semibold tabular-nums ${result.invalidRows > 0 ? 'text-destructive' : ''}`}
                    data-testid="import-invalid"
                  >
                    {number(result.invalidRows)}
                  </dd>
                </div>
              </dl>
              {imported && kind === 'parts' && (result.stockMovements > 0 || result.suppliersCreated > 0) && (
                <p className="text-sm text-muted-foreground">
                  {t('import.extrasDone', {
                    movements: number(result.stockMovements),
                    suppliers: number(result.suppliersCreated),
                  })}
                </p>
              )}
              {result.errors.length > 0 && (
                <div className="max-h-72 overflow-auto rounded-md border">
                  <Table data-testid="import-errors">
                    <TableHeader>
                      <TableRow>
                        <TableHead className="w-16 text-start">{t('import.row')}</TableHead>
                        <TableHead className="text-start">{t('import.column')}</TableHead>
                        <TableHead className="text-start">{t('import.problem')}</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {result.errors.map((error, index) => (
                        <TableRow key={`${error.row}-${error.field}-${index}`}>
                          <TableCell className="tabular-nums">{number(error.row)}</TableCell>
                          <TableCell dir="auto">{error.column ?? t(`fields:${error.field}`, { defaultValue: error.field })}</TableCell>
                          <TableCell className="whitespace-normal">{translateMessage(t, error.message)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
              {result.errors.length >= IMPORT_LIMITS.errorsKept && (
                <p className="text-xs text-muted-foreground">{t('import.moreErrors', { count: IMPORT_LIMITS.errorsKept })}</p>
              )}
              {imported && (
                <div>
                  <Button type="button" variant="outline" className="h-11" onClick={reset}>
                    {t('import.another')}
                  </Button>
                </div>
              )}
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
