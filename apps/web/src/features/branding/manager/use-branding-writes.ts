// Saving a branding entry over REST (SPEC §7): PUT update-branding/{id} for an existing entry, POST
// create-branding otherwise, where only a 201 answer means "created". Every branding query is refreshed
// afterwards, so the running app re-applies the theme at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { BrandingEntry, BrandingInput } from '@garage/shared/branding';
import { apiRequest } from '../../../lib/api-client.ts';
import { brandingKeys } from '../branding-api.ts';

export interface BrandingSave {
  id?: string;
  body: Required<Pick<BrandingInput, 'type' | 'language' | 'fields'>> & { status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED' };
}

export function useSaveBranding() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: BrandingSave) =>
      id
        ? apiRequest<BrandingEntry>(`/merchant/update-branding/${id}`, { method: 'PUT', json: body })
        : apiRequest<BrandingEntry>('/merchant/create-branding', { method: 'POST', json: body }),
    onSuccess: async (result, { id }) => {
      if (id) toast.success(t('messages.brandingUpdated'));
      else if (result.status === 201) toast.success(t('messages.brandingCreated'));
      await queryClient.invalidateQueries({ queryKey: brandingKeys.all });
    },
    onError: () => {
      toast.error(t('messages.brandingUpdateFailed'));
    },
  });
}
