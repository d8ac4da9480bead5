// Provides tRPC to the routes below it (the signed-in areas and /login). Loaded lazily so the public
// website does not ship the tRPC client (see lib/trpc.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { TRPCProvider, createTrpcClient } from '../lib/trpc.ts';

export function TrpcScope() {
  const queryClient = useQueryClient();
  const [trpcClient] = useState(createTrpcClient);
  return (
    <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
      <Outlet />
    </TRPCProvider>
  );
}
