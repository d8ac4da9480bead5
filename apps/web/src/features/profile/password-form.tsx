import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, type ChangePasswordInput } from '@garage/shared/schemas/users';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';

const FIELDS = [
  ['currentPassword', 'current-password'],
  ['newPassword', 'new-password'],
  ['confirmPassword', 'new-password'],
] as const;

export function PasswordForm() {
  const { t } = useTranslation(['profile', 'users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const { register, handleSubmit, setError, formState, reset } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
  });
  const change = useMutation(trpc.profile.changePassword.mutationOptions());

  const submit = handleSubmit(async (data) => {
    try {
      await change.mutateAsync(data);
      toast.success(t('users:server.passwordChanged'));
      reset({ currentPassword: '', newPassword: '', confirmPassword: '' });
    } catch (error) {
      if (!applyServerFieldErrors(setError, error, t)) toast.error(t('profile:toasts.passwordFailed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {FIELDS.map(([name, autoComplete]) => (
          <Field key={name} data-invalid={!!formState.errors[name]}>
            <FieldLabel htmlFor={`password-${name}`}>{t(`profile:fields.${name}`)}</FieldLabel>
            <Input
              id={`password-${name}`}
              type="password"
              autoComplete={autoComplete}
              aria-invalid={!!formState.errors[name]}
              {...register(name)}
            />
            <FieldError errors={[formState.errors[name]]} />
          </Field>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{t('profile:password.rule')}</p>
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending && <Spinner />}
          {t('profile:password.submit')}
        </Button>
      </div>
    </form>
  );
}
