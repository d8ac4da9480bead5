import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LANGUAGES } from '@garage/shared/constants';
import { profileInputSchema, type UserView } from '@garage/shared/schemas/users';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { getAccessToken, getStoredUser, saveSession } from '../../lib/auth/token-store.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ImageUploadField } from '../users/image-upload-field.tsx';
import { applyServerErrors } from '../users/server-messages.ts';
import { initialsOf } from '../users/user-avatar.tsx';

type FormInput = z.input<typeof profileInputSchema>;
type FormOutput = z.output<typeof profileInputSchema>;

export function ProfileForm({ user }: { user: UserView }) {
  const { t, i18n } = useTranslation(['profile', 'users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { register, control, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(profileInputSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email ?? '',
      countryCode: user.countryCode ?? '',
      phoneNumber: user.phoneNumber ?? '',
      age: user.age,
      preferredLanguage: user.preferredLanguage,
      imageUrl: user.imageUrl,
    },
  });
  const errors = formState.errors;
  const update = useMutation(trpc.profile.update.mutationOptions());

  const submit = handleSubmit(async (data) => {
    try {
      const saved = await update.mutateAsync(data);
      queryClient.setQueryData(trpc.profile.get.queryKey(), saved);
      // The signed-in user kept by the browser (name and picture in the shell's menu) follows the change.
      const token = getAccessToken();
      const stored = getStoredUser();
      if (token && stored) {
        const { firstName, lastName, email, imageUrl, preferredLanguage } = saved;
        saveSession({ accessToken: token, user: { ...stored, firstName, lastName, email, imageUrl, preferredLanguage } });
      }
      await queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
      if (saved.preferredLanguage !== i18n.language) await i18n.changeLanguage(saved.preferredLanguage);
      toast.success(t('profile:toasts.updated'));
    } catch (error) {
      applyServerErrors(setError, error, t);
      toast.error(t('users:toasts.updateFailed'));
    }
  });

  const text = (name: 'firstName' | 'lastName' | 'email' | 'countryCode' | 'phoneNumber', props: React.ComponentProps<'input'> = {}) => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`profile-${name}`}>{t(`users:fields.${name}`)}</FieldLabel>
      <Input id={`profile-${name}`} aria-invalid={!!errors[name]} {...register(name)} {...props} />
      <FieldError errors={[errors[name]]} field={name} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Controller
        control={control}
        name="imageUrl"
        render={({ field }) => (
          <ImageUploadField section="user" value={field.value} onChange={field.onChange} removable placeholder={initialsOf(user.firstName, user.lastName)} />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', { autoComplete: 'given-name' })}
        {text('lastName', { autoComplete: 'family-name' })}
        {text('email', { type: 'email', autoComplete: 'email', dir: 'ltr' })}
        {text('countryCode', { inputMode: 'tel', dir: 'ltr', placeholder: '+1' })}
        {text('phoneNumber', { type: 'tel', autoComplete: 'tel-national', dir: 'ltr' })}
        <Field data-invalid={!!errors.age}>
          <FieldLabel htmlFor="profile-age">{t('users:fields.age')}</FieldLabel>
          <Input
            id="profile-age"
            type="number"
            inputMode="numeric"
            aria-invalid={!!errors.age}
            {...register('age', { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) })}
          />
          <FieldError errors={[errors.age]} field="age" />
        </Field>
        <Field>
          <FieldLabel htmlFor="profile-language">{t('users:fields.preferredLanguage')}</FieldLabel>
          <Controller
            control={control}
            name="preferredLanguage"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="profile-language" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {LANGUAGES.map((language) => (
                    <SelectItem key={language} value={language}>
                      {t(`users:languages.${language}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          {t('users:actions.save')}
        </Button>
      </div>
    </form>
  );
}
