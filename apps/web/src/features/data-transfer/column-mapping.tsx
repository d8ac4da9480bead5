// The mapping step: one line per column of the file (its name, its first values) with what it becomes.
// A field takes one column and a column feeds one field, so choosing moves the field away from any other column.
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELD_GROUPS, type ImportField, type ImportMapping } from '@garage/shared/schemas/data-transfer';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';

const NONE = 'none';

export function ColumnMapping({
  headers,
  rows,
  mapping,
  onChange,
  disabled,
}: {
  headers: string[];
  rows: string[][];
  mapping: ImportMapping;
  onChange: (next: ImportMapping) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('dataTransfer');
  const fieldOf = (header: string) =>
    (Object.entries(mapping).find(([, column]) => column === header)?.[0] as ImportField | undefined) ?? NONE;

  function choose(header: string, field: string) {
    const next: ImportMapping = {};
    for (const [key, column] of Object.entries(mapping) as [ImportField, string][])
      if (column !== header && key !== field) next[key] = column;
    if (field !== NONE) next[field as ImportField] = header;
    onChange(next);
  }

  return (
    <div className="flex flex-col gap-2" data-testid="column-mapping">
      <div className="hidden gap-3 px-3 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,1fr)]">
        <span>{t('mapping.column')}</span>
        <span>{t('mapping.sample')}</span>
        <span>{t('mapping.importAs')}</span>
      </div>
      <ul className="flex flex-col divide-y rounded-md border">
        {headers.map((header, index) => {
          const samples = rows
            .map((row) => row[index] ?? '')
            .filter(Boolean)
            .slice(0, 3);
          return (
            <li
              key={`${header}-${index}`}
              className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,1fr)] sm:items-center sm:gap-3"
            >
              <span className="truncate font-medium" dir="auto">
                {header}
              </span>
              <span className="truncate text-sm text-muted-foreground" dir="auto" title={samples.join(' · ')}>
                {samples.join(' · ') || '—'}
              </span>
              <Select value={fieldOf(header)} onValueChange={(value) => choose(header, value)} disabled={disabled}>
                <SelectTrigger className="w-full" aria-label={`${t('mapping.importAs')}: ${header}`} data-testid={`map-${header}`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>{t('mapping.notImported')}</SelectItem>
                  {(Object.keys(IMPORT_FIELD_GROUPS) as (keyof typeof IMPORT_FIELD_GROUPS)[]).map((group) => (
                    <SelectGroup key={group}>
                      <SelectLabel>{t(`mapping.groups.${group}`)}</SelectLabel>
                      {IMPORT_FIELD_GROUPS[group].map((field) => (
                        <SelectItem key={field} value={field}>
                          {t(`fields.${field}`)}
                        </SelectItem>
                      ))}
                    </SelectGroup>
                  ))}
                </SelectContent>
              </Select>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
