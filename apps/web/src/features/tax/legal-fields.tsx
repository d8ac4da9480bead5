// The legal identifier and address fields of a react-hook-form form, under a path prefix: the shop's legal
// identity ("legalIdentity") and a business customer's billing ("billing"). Names are the contract's dotted
// paths, so the API's field errors ("legalIdentity.identifiers.siret") land on their field.
import type { TaxCountryProfile } from '@garage/shared/tax-rules';
import { Plus, Trash2 } from 'lucide-react';
import { type FieldValues, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { type IdentifierKey, NUMERIC_IDENTIFIERS } from './identifier-fields.ts';

const MAX_OTHER_LINES = 6;

/** A field's label: the VAT number is called differently in each country (N° TVA, VAT number, TRN). */
export function identifierLabelKey(key: IdentifierKey, profile: TaxCountryProfile): string {
  return key === 'vatNumber' ? `tax:identifiers.vatNumber_${profile}` : `tax:identifiers.${key}`;
}

function TextField({
  name,
  label,
  hint,
  numeric,
  ltr,
  upperCase,
  maxLength,
  keepEmpty,
}: {
  name: string;
  label: string;
  hint?: string;
  numeric?: boolean;
  ltr?: boolean;
  upperCase?: boolean;
  maxLength?: number;
  /** A free line's label and value are strings even when empty (the contract has no null there). */
  keepEmpty?: boolean;
}) {
  const { register, getFieldState } = useFormContext<FieldValues>();
  const formState = useFormState();
  const { error } = getFieldState(name, formState);
  const id = `field-${name.replace(/\./g, '-')}`;
  return (
    <Field data-invalid={!!error}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input
        id={id}
        className="h-11"
        dir={ltr ? 'ltr' : undefined}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        maxLength={maxLength}
        aria-invalid={!!error}
        data-testid={id}
        {...register(name, {
          // Empty means "not given" (null); a country code is stored in capitals.
          setValueAs: (value: unknown) =>
            typeof value !== 'string' ? value : value.trim() === '' && !keepEmpty ? null : upperCase ? value.trim().toUpperCase() : value,
        })}
      />
      {hint && <FieldDescription>{hint}</FieldDescription>}
      <FieldError errors={[error]} data-testid={`${id}-error`} />
    </Field>
  );
}

/** The identifiers a profile shows, then (profile OTHER) free "label: value" lines. */
export function IdentifierFields({
  prefix,
  profile,
  keys,
}: {
  prefix: string;
  profile: TaxCountryProfile;
  keys: readonly IdentifierKey[];
}) {
  const { t } = useTranslation('tax');
  return (
    <div className="flex flex-col gap-4">
      {keys.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2">
          {keys.map((key) => (
            <TextField
              key={key}
              name={`${prefix}.identifiers.${key}`}
              label={t(identifierLabelKey(key, profile))}
              hint={t(`tax:identifierHints.${key}_${profile}`, { defaultValue: '' }) || undefined}
              numeric={NUMERIC_IDENTIFIERS.has(key)}
              ltr={key !== 'rcs' && key !== 'shareCapital'}
            />
          ))}
        </div>
      )}
      {profile === 'OTHER' && <OtherIdentifierLines prefix={prefix} />}
    </div>
  );
}

function OtherIdentifierLines({ prefix }: { prefix: string }) {
  const { t } = useTranslation('tax');
  const { control } = useFormContext<FieldValues>();
  const lines = useFieldArray({ control, name: `${prefix}.identifiers.other` });
  return (
    <div className="flex flex-col gap-3" data-testid="other-identifiers">
      <p className="text-sm text-muted-foreground">{t('identifiers.otherHint')}</p>
      {lines.fields.map((line, index) => (
        <div key={line.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
          <TextField name={`${prefix}.identifiers.other.${index}.label`} label={t('identifiers.otherLabel')} maxLength={40} keepEmpty />
          <TextField name={`${prefix}.identifiers.other.${index}.value`} label={t('identifiers.otherValue')} maxLength={80} ltr keepEmpty />
          <Button
            type="button"
            variant="outline"
            className="mb-0.5 h-11"
            aria-label={t('identifiers.removeLine', { index: index + 1 })}
            onClick={() => lines.remove(index)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        className="h-11 self-start"
        disabled={lines.fields.length >= MAX_OTHER_LINES}
        onClick={() => lines.append({ label: '', value: '' })}
      >
        <Plus aria-hidden="true" />
        {t('identifiers.addLine')}
      </Button>
    </div>
  );
}

/** Street, postcode, city and the ISO country code. */
export function AddressFields({ prefix }: { prefix: string }) {
  const { t } = useTranslation('tax');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField name={`${prefix}.address.line1`} label={t('address.line1')} maxLength={120} />
      <TextField name={`${prefix}.address.line2`} label={t('address.line2')} maxLength={120} />
      <TextField name={`${prefix}.address.postcode`} label={t('address.postcode')} maxLength={16} ltr />
      <TextField name={`${prefix}.address.city`} label={t('address.city')} maxLength={80} />
      <TextField
        name={`${prefix}.address.countryCode`}
        label={t('address.countryCode')}
        hint={t('address.countryCodeHint')}
        maxLength={2}
        ltr
        upperCase
      />
    </div>
  );
}

export { TextField as LegalTextField };
