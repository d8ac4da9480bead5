// After a change to the catalogue or the stock, every cached parts, suppliers and rates view is stale (a
// receipt changes a part's figures, its ledger and the low-stock list at once): invalidate them together.
// Purchase orders show parts' stock too.
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';

export function usePartsRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.parts.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.suppliers.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.labourRates.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.purchaseOrders.pathKey() }),
    ]);
}
