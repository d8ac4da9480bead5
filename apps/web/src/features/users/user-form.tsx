// Create and edit a user with the shared schema (SPEC §5): the same rules as the API, messages in the
// user's language, server answers (duplicates, staff-only roles) placed on their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ROLES, type Role } from '@garage/shared/constants';
import { createUserSchema, type UserView } from '@garage/shared/schemas/users';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useCanManage } from './use-can-manage.ts';
import { PersonalFields } from './personal-fields.tsx';
import { initialsOf } from '../../components/user-avatar.tsx';
import { CustomerBillingFields } from '../tax/index.ts';

type FormInput = z.input<typeof createUserSchema>;
type FormOutput = z.output<typeof createUserSchema>;

function defaultsFrom(user?: UserView): FormInput {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    username: user?.username ?? '',
    email: user?.email ?? '',
    countryCode: user?.countryCode ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    role: user?.role ?? 'CLIENT',
    age: user?.age ?? null,
    imageUrl: user?.imageUrl ?? '',
    preferredLanguage: user?.preferredLanguage ?? 'en',
    verified: user?.verified ?? false,
    active: user?.active ?? true,
    // A business customer's company and identifiers (invoices); null: a private customer.
    billing: user?.billing ?? null,
    password: '',
  };
}

export function UserForm({ user, onDone }: { user?: UserView; onDone: (user: UserView) => void }) {
  const { t } = useTranslation(['users', 'validation', 'fields', 'common', 'tax']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { isAdmin } = useCanManage();
  // Other staff manage customers only (the API enforces it; the form does not offer what would fail).
  const roleChoices: readonly Role[] = isAdmin ? ROLES : ['CLIENT'];
  const editing = !!user;

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createUserSchema),
    defaultValues: defaultsFrom(user),
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, setError, formState, watch } = form;
  const errors = formState.errors;

  const create = useMutation(trpc.users.create.mutationOptions());
  const update = useMutation(trpc.users.update.mutationOptions());
  const busy = create.isPending || update.isPending;

  const submit = handleSubmit(async (values) => {
    try {
      const { password, ...fields } = values;
      // Only customers are invoiced: a staff account keeps no company details.
      const data = { ...fields, billing: fields.role === 'CLIENT' ? (fields.billing ?? null) : null };
      const saved = editing ? await update.mutateAsync({ id: user.id, data }) : await create.mutateAsync({ ...data, password });
      await queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
      toast.success(t(editing ? 'users:toasts.updated' : 'users:toasts.created'));
      onDone(saved);
    } catch (error) {
      applyServerFieldErrors(setError, error, t);
      toast.error(t(editing ? 'users:toasts.updateFailed' : 'users:toasts.createFailed'));
    }
  });

  const roleField = (
    <Field data-invalid={!!errors.role}>
      <FieldLabel htmlFor="user-role">{t('users:fields.role')}</FieldLabel>
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange} disabled={!isAdmin && editing && user.role !== 'CLIENT'}>
            <SelectTrigger id="user-role" className="w-full" aria-invalid={!!errors.role}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {roleChoices.map((role) => (
                <SelectItem key={role} value={role}>
                  {t(`users:roles.${role}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <FieldError errors={[errors.role]} />
    </Field>
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="user-form">
        <Field data-invalid={!!errors.imageUrl}>
          <FieldLabel>{t('users:fields.image')}</FieldLabel>
          <Controller
            control={control}
            name="imageUrl"
            render={({ field }) => (
              <ImageUploadField
                section="user"
                value={field.value}
                onChange={(url) => field.onChange(url ?? '')}
                invalid={!!errors.imageUrl}
                placeholder={initialsOf(watch('firstName') || '?', watch('lastName') || '')}
              />
            )}
          />
          <FieldError errors={[errors.imageUrl]} />
        </Field>

        <div className="grid gap-4 sm:grid-cols-2">
          <PersonalFields idPrefix="user" withUsername role={roleField} />
          {!editing && (
            <Field data-invalid={!!errors.password}>
              <FieldLabel htmlFor="user-password">{t('users:fields.password')}</FieldLabel>
              <Input
                id="user-password"
                type="password"
                autoComplete="new-password"
                aria-invalid={!!errors.password}
                {...register('password')}
              />
              <p className="text-xs text-muted-foreground">{t('users:hints.password')}</p>
              <FieldError errors={[errors.password]} />
            </Field>
          )}
        </div>

        {watch('role') === 'CLIENT' && <CustomerBillingFields />}

        <div className="flex flex-wrap gap-6">
          {(['verified', 'active'] as const).map((name) => (
            <Field key={name} orientation="horizontal" className="w-auto gap-3">
              <Controller
                control={control}
                name={name}
                render={({ field }) => <Switch id={`user-${name}`} checked={!!field.value} onCheckedChange={field.onChange} />}
              />
              <FieldLabel htmlFor={`user-${name}`}>{t(`users:fields.${name}`)}</FieldLabel>
            </Field>
          ))}
        </div>

        <div className="flex justify-end gap-2">
          <Button type="submit" disabled={busy} data-testid="user-form-submit">
            {busy && <Spinner />}
            {editing ? t('users:actions.save') : t('users:actions.create')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
