// After any change to my account: the profile query, the signed-in user the browser keeps (name, email and
// picture in the shell's menu) and staff's user lists all show the saved account.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ProfileView } from '@garage/shared/schemas/profile';
import { getAccessToken, getStoredUser, saveSession } from '../../lib/auth/token-store.ts';
import { useTRPC } from '../../lib/trpc.ts';

export function useApplyProfile() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    async (saved: ProfileView) => {
      queryClient.setQueryData(trpc.profile.get.queryKey(), saved);
      const token = getAccessToken();
      const stored = getStoredUser();
      if (token && stored) {
        const { firstName, lastName, email, imageUrl, preferredLanguage } = saved;
        saveSession({ accessToken: token, user: { ...stored, firstName, lastName, email, imageUrl, preferredLanguage } });
      }
      await queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
    },
    [queryClient, trpc],
  );
}
