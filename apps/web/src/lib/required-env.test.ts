import { describe, expect, it } from 'vitest';
import { MISSING_ENV_MESSAGE, REQUIRED_WEB_ENV } from '@garage/shared/constants';
import { requiredEnvPlugin } from '../../tooling/required-env-plugin.ts';
import { checkRequiredEnv, findMissingEnv } from './required-env.ts';

const complete = Object.fromEntries(REQUIRED_WEB_ENV.map((name) => [name, `value of ${name}`]));

describe('required web settings', () => {
  it('accepts a complete environment', () => {
    expect(checkRequiredEnv(complete)).toBeNull();
  });

  it('names exactly the one missing setting', () => {
    const { VITE_PHONE: _, ...withoutPhone } = complete;
    expect(checkRequiredEnv(withoutPhone)).toBe('Missing required environment variables: VITE_PHONE');
  });

  it('treats blank values as missing and lists every missing name in order', () => {
    const env = { ...complete, VITE_APP_NAME: '  ', VITE_INSTAGRAM: undefined };
    expect(findMissingEnv(env)).toEqual(['VITE_APP_NAME', 'VITE_INSTAGRAM']);
    expect(checkRequiredEnv(env)).toBe(`${MISSING_ENV_MESSAGE}VITE_APP_NAME, VITE_INSTAGRAM`);
  });

  it('makes the Vite plugin stop dev/build with the same message', () => {
    const plugin = requiredEnvPlugin();
    const configResolved = plugin.configResolved as (config: { env: Record<string, string> }) => void;
    const { VITE_API_URL: _, ...withoutApi } = complete;
    expect(() => configResolved({ env: withoutApi })).toThrow('Missing required environment variables: VITE_API_URL');
    expect(() => configResolved({ env: complete })).not.toThrow();
  });
});
