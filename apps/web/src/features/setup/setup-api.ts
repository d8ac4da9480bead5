// First-run setup over REST (public: there is no session yet). A completed setup signs the new admin in
// through the same token store as /login.
import type { AuthSession } from '@garage/shared/schemas/auth';
import type { CompleteSetupInput, SetupStatus } from '@garage/shared/schemas/setup';
import { env } from '../../env.ts';
import { ApiError, apiGet, apiRequest } from '../../lib/api-client.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { saveSession } from '../../lib/auth/token-store.ts';

export const setupKeys = { status: ['setup', 'status'] as const };

export function fetchSetupStatus(signal?: AbortSignal): Promise<SetupStatus> {
  return apiGet<SetupStatus>('/setup/status', signal);
}

export async function checkSetupCode(setupCode: string): Promise<void> {
  await apiRequest('/setup/check-code', { method: 'POST', json: { setupCode } });
}

export async function completeSetup(input: CompleteSetupInput): Promise<AuthSession> {
  const { data } = await apiRequest<AuthSession>('/setup/complete', { method: 'POST', json: input });
  saveSession(data);
  return data;
}

/** The logo chosen on the shop step, stored before setup completes (the setup code is the permission); its URL goes into shop.logoUrl. */
export async function uploadSetupLogo(setupCode: string, file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const response = await apiFetch(`${env.apiUrl}/setup/logo`, { method: 'POST', body, headers: { 'x-setup-code': setupCode } });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, json);
  return (json as { url: string }).url;
}
