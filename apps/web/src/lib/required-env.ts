// The settings the web app refuses to start without (SPEC §1). Pure, so both the Vite plugin (build/dev
// start) and the runtime check in src/env.ts use the same rule and message.
import { MISSING_ENV_MESSAGE, REQUIRED_WEB_ENV } from '@garage/shared/constants';

export type EnvSource = Readonly<Record<string, string | boolean | undefined>>;

/** Names of required settings that are absent or blank. */
export function findMissingEnv(env: EnvSource): string[] {
  return REQUIRED_WEB_ENV.filter((name) => {
    const value = env[name];
    return typeof value !== 'string' || value.trim() === '';
  });
}

export function missingEnvMessage(missing: readonly string[]): string {
  return MISSING_ENV_MESSAGE + missing.join(', ');
}

/** The message to show (or throw) when something is missing; null when everything is set. */
export function checkRequiredEnv(env: EnvSource): string | null {
  const missing = findMissingEnv(env);
  return missing.length ? missingEnvMessage(missing) : null;
}
