// What a person tells about themselves, shared by the staff user form and the own-profile form: names,
// e-mail, phone, age and preferred language, as cells of the form's grid. The staff form adds the username
// and slots in its role select where they stand. Bound to the surrounding form (FormProvider); the ids are
// `${idPrefix}-${field}` (the e2e tests use them).
import type { ComponentProps, ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LIMITS } from '@garage/shared/constants';
import type { CreateUserInput } from '@garage/shared/schemas/users';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { numberOr } from '../../lib/number-input.ts';

type TextName = 'firstName' | 'lastName' | 'username' | 'email' | 'countryCode' | 'phoneNumber';

interface PersonalFieldsProps {
  idPrefix: string;
  withUsername?: boolean;
  /** Email and phone inputs; the own-profile form leaves them out (they change with a code there). */
  withContact?: boolean;
  role?: ReactNode;
}

export function PersonalFields({ idPrefix, withUsername = false, withContact = true, role }: PersonalFieldsProps) {
  const { t } = useTranslation('users');
  const { register, control, formState } = useFormContext<Pick<CreateUserInput, TextName | 'age' | 'preferredLanguage'>>();
  const errors = formState.errors;

  const text = (name: TextName, props: ComponentProps<'input'> = {}) => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`${idPrefix}-${name}`}>{t(`fields.${name}`)}</FieldLabel>
      <Input id={`${idPrefix}-${name}`} aria-invalid={!!errors[name]} {...register(name)} {...props} />
      <FieldError errors={[errors[name]]} />
    </Field>
  );

  return (
    <>
      {text('firstName', { autoComplete: 'given-name' })}
      {text('lastName', { autoComplete: 'family-name' })}
      {withUsername && text('username', { autoComplete: 'off', dir: 'ltr' })}
      {withContact && (
        <>
          {text('email', { type: 'email', autoComplete: 'email', dir: 'ltr' })}
          {text('countryCode', { inputMode: 'tel', placeholder: '+1', dir: 'ltr' })}
          {text('phoneNumber', { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national', dir: 'ltr' })}
        </>
      )}
      <Field data-invalid={!!errors.age}>
        <FieldLabel htmlFor={`${idPrefix}-age`}>{t('fields.age')}</FieldLabel>
        <Input
          id={`${idPrefix}-age`}
          type="number"
          inputMode="numeric"
          min={LIMITS.minAgeExclusive + 1}
          aria-invalid={!!errors.age}
          {...register('age', { setValueAs: numberOr(null) })}
        />
        <FieldError errors={[errors.age]} />
      </Field>
      {role}
      <Field>
        <FieldLabel htmlFor={`${idPrefix}-language`}>{t('fields.preferredLanguage')}</FieldLabel>
        <Controller
          control={control}
          name="preferredLanguage"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={`${idPrefix}-language`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LANGUAGES.map((language) => (
                  <SelectItem key={language} value={language}>
                    {t(`languages.${language}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
    </>
  );
}
