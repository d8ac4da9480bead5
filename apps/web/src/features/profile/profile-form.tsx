import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ProfileView } from '@garage/shared/schemas/profile';
import { profileInputSchema } from '@garage/shared/schemas/users';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { PersonalFields } from '../users/index.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { initialsOf } from '../../components/user-avatar.tsx';
import { useApplyProfile } from './use-apply-profile.ts';

type FormInput = z.input<typeof profileInputSchema>;
type FormOutput = z.output<typeof profileInputSchema>;

export function ProfileForm({ user }: { user: ProfileView }) {
  const { t, i18n } = useTranslation(['profile', 'users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const applyProfile = useApplyProfile();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(profileInputSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      age: user.age,
      preferredLanguage: user.preferredLanguage,
      imageUrl: user.imageUrl,
    },
  });
  const { control, handleSubmit, setError } = form;
  const update = useMutation(trpc.profile.update.mutationOptions());

  const submit = handleSubmit(async (data) => {
    try {
      const saved = await update.mutateAsync(data);
      await applyProfile(saved);
      if (saved.preferredLanguage !== i18n.language) await i18n.changeLanguage(saved.preferredLanguage);
      toast.success(t('profile:toasts.updated'));
    } catch (error) {
      applyServerFieldErrors(setError, error, t);
      toast.error(t('users:toasts.updateFailed'));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Controller
          control={control}
          name="imageUrl"
          render={({ field }) => (
            <ImageUploadField
              section="user"
              value={field.value}
              onChange={field.onChange}
              removable
              placeholder={initialsOf(user.firstName, user.lastName)}
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonalFields idPrefix="profile" withContact={false} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Spinner />}
            {t('users:actions.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
