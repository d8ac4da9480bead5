// The web app's settings (SPEC §1), read once from Vite's build-time environment. main.tsx shows
// `envProblem` instead of the app when a required setting is missing.
import { checkRequiredEnv } from './lib/required-env.ts';

export const envProblem = checkRequiredEnv(import.meta.env);

const read = (name: string) => String(import.meta.env[name] ?? '');

export const env = {
  appName: read('VITE_APP_NAME'),
  appVersion: read('VITE_APP_VERSION'),
  /** Base of every API call, e.g. /backend. */
  apiUrl: read('VITE_API_URL').replace(/\/$/, ''),
  userApiUrl: read('VITE_USER_API_URL').replace(/\/$/, ''),
  supportEmail: read('VITE_SUPPORT_EMAIL'),
  phone: read('VITE_PHONE'),
  whatsapp: read('VITE_WHATSAPP'),
  facebook: read('VITE_FACEBOOK'),
  instagram: read('VITE_INSTAGRAM'),
} as const;
