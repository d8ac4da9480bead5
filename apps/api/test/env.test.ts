// Configuration is validated once at boot: bad values stop the process with a message naming the setting.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadConfig, shouldSeedDemo } from '../src/env.ts';

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

  it('seeds demo accounts only when asked: SEED_DEMO, or the local start (SEED_DEMO_DEFAULT) on the embedded database', () => {
    const seeds = (env: Record<string, string>, embedded: boolean) => shouldSeedDemo(loadConfig({ ...base, ...env }), embedded);
    // A server started by hand or in a container with the embedded database: no known passwords.
    expect(seeds({}, true)).toBe(false);
    expect(seeds({}, false)).toBe(false);
    expect(seeds({ SEED_DEMO_DEFAULT: 'true' }, true)).toBe(true);
    expect(seeds({ SEED_DEMO_DEFAULT: 'true' }, false)).toBe(false);
    expect(seeds({ SEED_DEMO_DEFAULT: 'true', SEED_DEMO: 'false' }, true)).toBe(false);
    expect(seeds({ SEED_DEMO: 'true' }, false)).toBe(true);
  });

  it('docker-compose does not turn demo data on unless SEED_DEMO=true is given', () => {
    const compose = readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8');
    const line = compose.split('\n').find((text) => /^\s*SEED_DEMO:/.test(text));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: docker-compose's own ${VAR:-default} syntax, read as text.
    expect(line?.trim()).toBe('SEED_DEMO: ${SEED_DEMO:-false}');
  });
});
