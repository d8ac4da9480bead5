// Where a person types their e-mail, username or phone number (sign-in and "forgot password"): no
// autocorrection, its own text direction, and its message below it.
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { translateFieldMessage } from './auth-errors.ts';

export function IdentifierField({ id, error, ...props }: { id: string; error?: { message?: string } } & ComponentProps<'input'>) {
  const { t } = useTranslation(['auth', 'validation']);
  const errorId = `${id}-error`;
  return (
    <Field data-invalid={!!error}>
      <FieldLabel htmlFor={id}>{t('signIn.identifier')}</FieldLabel>
      <Input
        id={id}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        dir="auto"
        placeholder={t('signIn.identifierPlaceholder')}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      <FieldError id={errorId}>{translateFieldMessage(t, error?.message)}</FieldError>
    </Field>
  );
}
