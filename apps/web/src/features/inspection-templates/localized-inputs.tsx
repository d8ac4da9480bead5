// One text in the three languages, side by side on a desktop and stacked on a phone (the catalogue's
// localized fields use tabs; here a template shows dozens of labels, and a row per language lets a manager
// see at a glance which ones are missing). Each box types in its own direction.
import { LANGUAGES } from '@garage/shared/constants';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { cn } from '../../lib/utils.ts';
import type { Language, Texts } from './template-draft.ts';

interface LocalizedInputsProps {
  /** For ids and test ids: `${idPrefix}-${language}`. */
  idPrefix: string;
  /** What the text is, e.g. "Label": each box reads "Label (English)". */
  label: string;
  value: Texts;
  onChange: (value: Texts) => void;
  maxLength: number;
  /** Errors by field: '' for the whole text ("at least one language"), or a language. */
  errors?: Partial<Record<'' | Language, string>>;
  multiline?: boolean;
  className?: string;
}

export function LocalizedInputs({ idPrefix, label, value, onChange, maxLength, errors = {}, multiline, className }: LocalizedInputsProps) {
  const { t } = useTranslation('common');
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-2', className)}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="grid gap-2 md:grid-cols-3">
        {LANGUAGES.map((language) => {
          const id = `${idPrefix}-${language}`;
          const invalid = !!errors[language] || !!errors[''];
          const common = {
            id,
            dir: language === 'ar' ? 'rtl' : 'ltr',
            lang: language,
            maxLength,
            value: value[language],
            'aria-invalid': invalid || undefined,
            'data-testid': id,
          } as const;
          return (
            <div key={language} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={id} className="text-xs text-muted-foreground">
                {t(`language.${language}`)}
              </label>
              {multiline ? (
                <Textarea rows={2} {...common} onChange={(event) => onChange({ ...value, [language]: event.target.value })} />
              ) : (
                <Input className="h-11" {...common} onChange={(event) => onChange({ ...value, [language]: event.target.value })} />
              )}
              <FieldError errors={[errors[language] ? { message: errors[language] } : undefined]} />
            </div>
          );
        })}
      </div>
      <FieldError errors={[errors[''] ? { message: errors[''] } : undefined]} />
    </fieldset>
  );
}

/** The errors of a localized field among a set keyed by path: `label` and `label.en`. */
export function textErrors(errors: Record<string, string>, field: string): Partial<Record<'' | Language, string>> {
  const found: Partial<Record<'' | Language, string>> = {};
  if (errors[field]) found[''] = errors[field];
  for (const language of LANGUAGES) if (errors[`${field}.${language}`]) found[language] = errors[`${field}.${language}`];
  return found;
}
