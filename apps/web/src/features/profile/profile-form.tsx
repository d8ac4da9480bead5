import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { profileInputSchema, type UserView } from '@garage/shared/schemas/users';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { getAccessToken, getStoredUser, saveSession } from '../../lib/auth/token-store.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ImageUploadField } from '../users/image-upload-field.tsx';
import { PersonalFields } from '../users/personal-fields.tsx';
import { applyServerErrors } from '../users/server-messages.ts';
import { initialsOf } from '../users/user-avatar.tsx';

type FormInput = z.input<typeof profileInputSchema>;
type FormOutput = z.output<typeof profileInputSchema>;

export function ProfileForm({ user }: { user: UserView }) {
  const { t, i18n } = useTranslation(['profile', 'users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<FormInput, unknown, FormOutput>({
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
  const { control, handleSubmit, setError } = form;
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

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Controller
          control={control}
          name="imageUrl"
          render={({ field }) => (
            <ImageUploadField section="user" value={field.value} onChange={field.onChange} removable placeholder={initialsOf(user.firstName, user.lastName)} />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonalFields idPrefix="profile" />
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
