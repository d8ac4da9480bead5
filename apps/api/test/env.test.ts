// Configuration is validated once at boot: bad values stop the process with a message naming the setting.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/garage-env-test' };

describe('configuration', () => {
  it('reads DATABASE_POOL_SIZE as a number and leaves it unset by default (the pool then uses its default)', () => {
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
    expect(loadConfig({ ...base }).DATABASE_POOL_SIZE).toBeUndefined();
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '' }).DATABASE_POOL_SIZE).toBeUndefined();
  });

  it.each(['0', '-3', 'ten', '2.5', '1000'])('refuses DATABASE_POOL_SIZE=%s, naming the setting', (value) => {
    expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: value })).toThrow(/Invalid configuration:\n\s+DATABASE_POOL_SIZE: /);
  });

  it('refuses a short JWT_SECRET with its own message', () => {
    expect(() => loadConfig({ ...base, JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
  });
});
