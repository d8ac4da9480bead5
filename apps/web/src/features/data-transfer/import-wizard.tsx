// The import flow: choose a file → map its columns (suggested from the header) and pick the options →
// check every row → import (all or nothing, or the valid rows) with a progress bar → summary. The job lives
// on the server; this screen polls it while it runs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, RotateCcw, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DistanceUnit } from '@garage/shared/distance';
import { plainDecimal } from '@garage/shared/money';
import type { DateOrder, DuplicateAction, ImportJob, ImportMapping, ImportMode, NumberLocale } from '@garage/shared/schemas/data-transfer';
import { IMPORT_LIMITS } from '@garage/shared/schemas/data-transfer';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { env } from '../../env.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ColumnMapping } from './column-mapping.tsx';
import type { ApiErrorBody } from '../../lib/api-client.ts';
import { errorMessageOf, translateMessage } from '../../lib/form-errors.ts';
import { ImportSummaryTable, RowWarnings, ValidationResult } from './import-results.tsx';

const RUNNING = ['validating', 'importing'];

/** Whether the last validation used these options (its result still describes what an import would do). */
function sameOptions(
  checked: ImportJob['options'],
  current: {
    mapping: ImportMapping;
    mode: string;
    duplicates: string;
    distanceUnit: string;
    dateOrder: string | null;
    numberLocale: string | null;
    defaultCountryCode: string;
    vehiclePlate?: string;
  },
) {
  if (!checked) return false;
  const entries = (mapping: Record<string, string | undefined>) =>
    JSON.stringify(
      Object.entries(mapping)
        .filter(([, column]) => column)
        .sort(),
    );
  const code = (value: string) => (value.startsWith('+') ? value : `+${value}`);
  return (
    entries(checked.mapping) === entries(current.mapping) &&
    checked.mode === current.mode &&
    checked.duplicates === current.duplicates &&
    checked.distanceUnit === current.distanceUnit &&
    // Not chosen (null): the server read the file's own, which the last validation used.
    (current.dateOrder ?? checked.dateOrder) === checked.dateOrder &&
    (current.numberLocale ?? checked.numberLocale) === checked.numberLocale &&
    code(checked.defaultCountryCode) === code(current.defaultCountryCode) &&
    (checked.vehiclePlate ?? '') === (current.vehiclePlate ?? '')
  );
}

/** "03/04/2025" read day first and month first, as dates of the screen's language ("3 April 2025" / "4 March 2025"). */
function bothReadings(example: string, language: string): Record<DateOrder, string> | null {
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(example.trim());
  if (!parts) return null;
  const [first, second, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const format = new Intl.DateTimeFormat(`${language}-u-nu-latn`, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    dayFirst: format.format(Date.UTC(year, second - 1, first)),
    monthFirst: format.format(Date.UTC(year, first - 1, second)),
  };
}

/** A value of the file with what it is worth when read with each mark: "85,500 DT" → 85500 or 85.500. */
function numberReadings(example: string): Record<NumberLocale, string> {
  return { decimalPoint: plainDecimal(example, '.') ?? example, decimalComma: plainDecimal(example, ',') ?? example };
}

/** Where the wizard asks what the file leaves open: a bordered question above the choices. */
function Question({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm text-amber-900 dark:text-amber-100">
      {children}
    </p>
  );
}

function Choice<T extends string>({
  name,
  value,
  options,
  onChange,
  label,
  disabled,
}: {
  name: string;
  value: T;
  options: { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="size-4 accent-primary"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

export function ImportWizard() {
  const { t, i18n } = useTranslation(['dataTransfer', 'validation', 'fields']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [mode, setMode] = useState<ImportMode>('allOrNothing');
  const [duplicates, setDuplicates] = useState<DuplicateAction>('skip');
  const [distanceUnit, setDistanceUnit] = useState<DistanceUnit>('KM');
  /** Null until chosen when the file leaves it open (the server refuses a pass meanwhile). */
  const [dateOrder, setDateOrder] = useState<DateOrder | null>(null);
  const [numberLocale, setNumberLocale] = useState<NumberLocale | null>(null);
  const [defaultCountryCode, setDefaultCountryCode] = useState('+1');
  const [vehiclePlate, setVehiclePlate] = useState('');

  const statusOptions = trpc.dataTransfer.importStatus.queryOptions({ id: jobId ?? '00000000-0000-7000-8000-000000000000' });
  const status = useQuery({
    ...statusOptions,
    enabled: !!jobId,
    refetchInterval: (query) => (query.state.data && RUNNING.includes(query.state.data.phase) ? 400 : false),
  });
  const job = jobId ? status.data : undefined;
  const running = !!job && RUNNING.includes(job.phase);
  const number = (value: number) => value.toLocaleString(i18n.language);

  const show = (next: ImportJob) => queryClient.setQueryData(trpc.dataTransfer.importStatus.queryKey({ id: next.id }), next);
  const options = {
    mapping,
    mode,
    duplicates,
    distanceUnit,
    dateOrder,
    numberLocale,
    defaultCountryCode: defaultCountryCode.trim() || '+1',
    ...(mapping.plateNumber || !vehiclePlate.trim() ? {} : { vehiclePlate: vehiclePlate.trim() }),
  };
  const validate = useMutation(trpc.dataTransfer.validateImport.mutationOptions({ onSuccess: show }));
  const run = useMutation(trpc.dataTransfer.runImport.mutationOptions({ onSuccess: show }));
  const actionError = validate.error ?? run.error;

  // A file the server recognised comes with its suggested mapping, unit, date order and country code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per uploaded file (its job id), not at every poll of the same job.
  useEffect(() => {
    if (!job || job.phase !== 'uploaded') return;
    setMapping(job.suggestedMapping as ImportMapping);
    setDistanceUnit(job.suggestedDistanceUnit);
    setDateOrder(job.suggestedDateOrder);
    setNumberLocale(job.suggestedNumberLocale);
    setDefaultCountryCode(job.suggestedCountryCode);
  }, [job?.id]);

  async function upload(file: File) {
    setUploading(true);
    setUploadError(null);
    validate.reset();
    run.reset();
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const response = await apiFetch(`${env.apiUrl}/data-transfer/imports`, {
        method: 'POST',
        body,
        headers: { accept: 'application/json' },
      });
      const data = (await response.json().catch(() => ({}))) as ImportJob & ApiErrorBody;
      if (!response.ok) throw new Error(errorMessageOf(t, { body: data }) ?? t('messages.uploadFailed'));
      show(data);
      setJobId(data.id);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : t('messages.uploadFailed'));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  function startOver() {
    if (jobId && !running) void queryClient.removeQueries({ queryKey: trpc.dataTransfer.importStatus.queryKey({ id: jobId }) });
    setJobId(null);
    setMapping({});
    setVehiclePlate('');
    validate.reset();
    run.reset();
  }

  if (!job) {
    return (
      <div className="flex flex-col gap-4">
        <label
          htmlFor={inputId}
          className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center transition-colors hover:border-primary hover:bg-muted/40"
        >
          <Upload className="size-8 text-muted-foreground" aria-hidden="true" />
          <span className="font-medium">{uploading ? t('import.uploading') : t('import.chooseFile')}</span>
          <span className="text-sm text-muted-foreground">{t('import.fileHint', { max: IMPORT_LIMITS.fileMaxMB })}</span>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept=".csv,.xlsx,.jsonl,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="sr-only"
            data-testid="import-file"
            disabled={uploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
        {uploadError && (
          <p role="alert" className="text-sm text-destructive">
            {uploadError}
          </p>
        )}
        {jobId && status.isError && (
          <p role="alert" className="text-sm text-destructive">
            {t('messages.notFound')}
          </p>
        )}
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-muted-foreground">{t('import.templates')}</span>
          <a
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
            href={`${env.apiUrl}/data-transfer/template.csv`}
            download
          >
            <FileSpreadsheet className="size-4" aria-hidden="true" />
            {t('import.templateCsv')}
          </a>
          <a
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
            href={`${env.apiUrl}/data-transfer/template.xlsx`}
            download
          >
            <FileSpreadsheet className="size-4" aria-hidden="true" />
            {t('import.templateXlsx')}
          </a>
        </p>
      </div>
    );
  }

  const validatedNow = job.phase === 'validated' && sameOptions(job.options, options);
  const datesMapped = !!(mapping.visitDate || mapping.oilDate || mapping.firstRegistrationDate);
  const numbersMapped = !!(mapping.visitTotal || mapping.visitPaid || mapping.odometer || mapping.oilKm || mapping.oilNextKm);
  // What the file leaves open must be chosen before a pass (the server refuses it meanwhile).
  const undecided = job.format !== 'garage-json' && ((datesMapped && !dateOrder) || (numbersMapped && !numberLocale));
  const dateExample = job.dateExamples[0];
  const dateReadings = dateExample ? bothReadings(dateExample, i18n.language) : null;
  const numberExample = job.numberExamples[0];
  const blocked = job.phase === 'validated' && mode === 'allOrNothing' && job.invalidRows > 0;
  const total = job.totalRows ?? 0;
  const progress = job.phase === 'importing' && total > 0 ? Math.round((job.processedRows / total) * 100) : undefined;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-xs text-muted-foreground">{t('import.file')}</span>
          <span className="truncate font-medium" dir="auto" data-testid="import-file-name">
            {job.fileName}
          </span>
          <div className="flex flex-wrap gap-2">
            <Badge variant="secondary" data-testid="import-preset">
              {t('import.recognised', { preset: t(`import.presets.${job.preset}`) })}
            </Badge>
            {job.encoding && (
              <Badge variant="outline" data-testid="import-encoding">
                {t('import.readAs', { encoding: job.encoding })}
              </Badge>
            )}
          </div>
        </div>
        <Button variant="outline" onClick={startOver} disabled={running}>
          <RotateCcw />
          {t('import.startOver')}
        </Button>
      </div>

      {job.phase === 'done' && job.summary ? (
        <section className="flex flex-col gap-4">
          <h3 className="text-lg font-semibold">{t('summary.title')}</h3>
          <ImportSummaryTable summary={job.summary} />
          <RowWarnings job={job} />
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/admin/users">{t('summary.seeCustomers')}</Link>
            </Button>
            <Button variant="outline" onClick={startOver}>
              {t('summary.another')}
            </Button>
          </div>
        </section>
      ) : (
        <>
          {job.format === 'garage-json' ? (
            <p className="rounded-md bg-muted/50 p-3 text-sm">{t('mapping.exportFile')}</p>
          ) : (
            <section className="flex flex-col gap-2">
              <h3 className="font-semibold">{t('mapping.title')}</h3>
              <p className="text-sm text-muted-foreground">{t('mapping.description')}</p>
              <ColumnMapping headers={job.headers} rows={job.previewRows} mapping={mapping} onChange={setMapping} disabled={running} />
            </section>
          )}

          <section className="grid gap-5 md:grid-cols-2">
            <h3 className="font-semibold md:col-span-2">{t('options.title')}</h3>
            {job.format !== 'garage-json' && (
              <>
                <div className="flex flex-col gap-2">
                  <Label htmlFor={`${inputId}-cc`}>{t('options.defaultCountryCode')}</Label>
                  <Input
                    id={`${inputId}-cc`}
                    value={defaultCountryCode}
                    onChange={(event) => setDefaultCountryCode(event.target.value)}
                    className="w-32"
                    dir="ltr"
                    disabled={running}
                  />
                </div>
                <div className="flex flex-col gap-1">
                  <Choice
                    name="unit"
                    label={t('options.distanceUnit')}
                    value={distanceUnit}
                    onChange={setDistanceUnit}
                    disabled={running}
                    options={[
                      { value: 'KM', label: t('options.km') },
                      { value: 'MI', label: t('options.mi') },
                    ]}
                  />
                  {mapping.odometerUnit && <p className="text-xs text-muted-foreground">{t('options.distanceUnitHint')}</p>}
                </div>
                {numbersMapped && (
                  <div className="flex flex-col gap-2" data-testid="number-locale">
                    {job.suggestedNumberLocale === null && <Question>{t('options.numberQuestion')}</Question>}
                    <Choice
                      name="numberLocale"
                      label={t('options.numberLocale')}
                      value={numberLocale ?? ('' as NumberLocale)}
                      onChange={setNumberLocale}
                      disabled={running}
                      options={(['decimalPoint', 'decimalComma'] as const).map((locale) => ({
                        value: locale,
                        label: (
                          <>
                            {t(`options.${locale}`)} ·{' '}
                            {numberExample ? (
                              <Ltr>
                                {numberExample} → {numberReadings(numberExample)[locale]}
                              </Ltr>
                            ) : (
                              <Ltr>{locale === 'decimalPoint' ? '1,234.50' : '1 234,50 · 1.234,50'}</Ltr>
                            )}
                            {job.suggestedNumberLocale === locale && (
                              <span className="text-xs text-muted-foreground"> ({t('options.fromFile')})</span>
                            )}
                          </>
                        ),
                      }))}
                    />
                  </div>
                )}
                {datesMapped && (
                  <div className="flex flex-col gap-2" data-testid="date-order">
                    {job.suggestedDateOrder === null && <Question>{t('options.dateQuestion')}</Question>}
                    <Choice
                      name="dateOrder"
                      label={t('options.dateOrder')}
                      value={dateOrder ?? ('' as DateOrder)}
                      onChange={setDateOrder}
                      disabled={running}
                      options={(['dayFirst', 'monthFirst'] as const).map((order) => ({
                        value: order,
                        label: (
                          <>
                            {t(`options.${order}`)} ·{' '}
                            {dateExample && dateReadings ? (
                              <>
                                <Ltr>{dateExample}</Ltr> → {dateReadings[order]}
                              </>
                            ) : (
                              <Ltr>{order === 'dayFirst' ? '14/03/2026' : '03/14/2026'}</Ltr>
                            )}
                            {job.suggestedDateOrder === order && job.dateExamples.length > 0 && (
                              <span className="text-xs text-muted-foreground"> ({t('options.fromFile')})</span>
                            )}
                          </>
                        ),
                      }))}
                    />
                  </div>
                )}
                {!mapping.plateNumber && (
                  <div className="flex flex-col gap-2 md:col-span-2">
                    <Label htmlFor={`${inputId}-plate`}>{t('options.vehiclePlate')}</Label>
                    <Input
                      id={`${inputId}-plate`}
                      value={vehiclePlate}
                      onChange={(event) => setVehiclePlate(event.target.value)}
                      className="max-w-xs"
                      dir="auto"
                      disabled={running}
                      data-testid="vehicle-plate"
                    />
                    <p className="text-xs text-muted-foreground">{t('options.vehiclePlateHint')}</p>
                  </div>
                )}
              </>
            )}
            <Choice
              name="duplicates"
              label={t('options.duplicates')}
              value={duplicates}
              onChange={setDuplicates}
              disabled={running}
              options={[
                { value: 'skip', label: t('options.skip') },
                { value: 'update', label: t('options.update') },
              ]}
            />
            <Choice
              name="mode"
              label={t('options.mode')}
              value={mode}
              onChange={setMode}
              disabled={running}
              options={[
                { value: 'allOrNothing', label: t('options.allOrNothing') },
                { value: 'validOnly', label: t('options.validOnly') },
              ]}
            />
          </section>

          {running && (
            <section className="flex flex-col gap-2" aria-live="polite" data-testid="import-progress">
              <span className="text-sm font-medium">{job.phase === 'validating' ? t('validation.checking') : t('run.importing')}</span>
              <Progress
                value={progress ?? 100}
                className={progress === undefined ? 'animate-pulse' : undefined}
                aria-label={job.phase === 'validating' ? t('validation.checking') : t('run.importing')}
              />
              <span className="text-xs text-muted-foreground tabular-nums">
                {total > 0 ? t('run.progress', { done: number(job.processedRows), total: number(total) }) : number(job.processedRows)}
              </span>
            </section>
          )}

          {(job.phase === 'validated' || job.phase === 'failed') && <ValidationResult job={job} />}
          {job.phase === 'failed' && job.failure && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
              {t('failed')}: {translateMessage(t, job.failure)}
            </p>
          )}
          {actionError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessageOf(t, actionError) ?? t('messages.uploadFailed')}
            </p>
          )}

          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="outline"
              onClick={() => validate.mutate({ id: job.id, options })}
              disabled={running || validate.isPending || undecided}
              data-testid="check-file"
            >
              {t('validation.check')}
            </Button>
            <Button
              onClick={() => run.mutate({ id: job.id, options })}
              disabled={running || run.isPending || undecided || (blocked && validatedNow)}
              data-testid="run-import"
            >
              {mode === 'validOnly' && validatedNow && job.invalidRows > 0 ? t('run.startValid', { count: job.validRows }) : t('run.start')}
            </Button>
            {undecided && <span className="text-sm text-muted-foreground">{t('options.mustChoose')}</span>}
            {blocked && validatedNow && <span className="text-sm text-muted-foreground">{t('run.blocked')}</span>}
          </div>
        </>
      )}
    </div>
  );
}
