// A scanned (or typed) barcode opens its part: the exact lookup first; an unknown code says so and leaves the
// code in the search box so the user sees what was read.
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isValidBarcode } from '@garage/shared/inventory-rules';
import { useTRPC } from '../../lib/trpc.ts';

export function useBarcodeLookup(onUnknown: (code: string) => void) {
  const { t } = useTranslation('parts');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (code: string) => {
    if (!isValidBarcode(code)) {
      onUnknown(code);
      return;
    }
    try {
      const part = await queryClient.fetchQuery(trpc.parts.byBarcode.queryOptions({ barcode: code }));
      navigate(`/admin/parts/${part.id}`);
    } catch {
      toast.error(t('list.unknownBarcode', { code }));
      onUnknown(code);
    }
  };
}
