// The shop's identity after setup, at the top of the branding manager: display and short name, default
// language, currency and time zone (the rest of what setup asked lives in the branding entries below).
// Same rules as the setup screen (updateMerchantSchema); saving refreshes the merchant everywhere.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@garage/shared/constants';
import { updateMerchantSchema, type UpdateMerchant, type UpdateMerchantInput } from '@garage/shared/schemas/setup';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { brandingKeys, fetchMerchant, type Merchant, storeMerchant } from '../branding/index.ts';
import { ShopIdentityFields } from './setup-steps.tsx';

async function saveMerchant(input: UpdateMerchantInput): Promise<Merchant> {
  return (await apiRequest<{ merchant: Merchant }>('/merchant/update-merchant', { method: 'PUT', json: input })).data.merchant;
}

export function ShopDetailsCard() {
  return (
    <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
      <ShopDetails />
    </Suspense>
  );
}

function ShopDetails() {
  const merchant = useQuery({ queryKey: brandingKeys.merchant, queryFn: ({ signal }) => fetchMerchant(signal) });
  if (merchant.isPending) return <Skeleton className="h-64 rounded-xl" />;
  if (merchant.isError) return null;
  return <ShopDetailsForm merchant={merchant.data} />;
}

function ShopDetailsForm({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation(['setup', 'validation', 'fields', 'common']);
  const queryClient = useQueryClient();
  // Values from the merchant once loaded; the form is only made then, so every control starts filled.
  const form = useForm<UpdateMerchantInput, unknown, UpdateMerchant>({
    resolver: zodResolver(updateMerchantSchema),
    defaultValues: {
      displayName: merchant.displayName,
      name: merchant.name,
      currency: merchant.currency,
      timezone: merchant.timezone ?? 'UTC',
      defaultLanguage: ((LANGUAGES as readonly string[]).includes(merchant.defaultLanguage ?? '')
        ? merchant.defaultLanguage
        : 'en') as Language,
    },
  });

  const save = useMutation({
    mutationFn: saveMerchant,
    onSuccess: (saved) => {
      queryClient.setQueryData(brandingKeys.merchant, saved);
      storeMerchant(saved);
      form.reset(form.getValues());
      toast.success(t('shopDetails.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && applyServerFieldErrors(form.setError, error, t)) return;
      toast.error(t('shopDetails.failed'));
    },
  });

  return (
    <Card data-testid="shop-details">
      <CardContent className="py-5">
        <form noValidate className="flex flex-col gap-5" onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))}>
          <div className="flex flex-col gap-1">
            <h2 className="text-lg font-semibold">{t('shopDetails.title')}</h2>
            <p className="text-sm text-muted-foreground">{t('shopDetails.subtitle')}</p>
          </div>
          <ShopIdentityFields form={form} autoFocus={false} nameFollowsDisplayName={false} />
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending || !form.formState.isDirty} data-testid="shop-details-save">
              {save.isPending ? <Spinner label={t('shopDetails.save')} /> : null}
              {t('shopDetails.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
