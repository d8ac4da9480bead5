// Applies pending migrations with the ordinary Prisma CLI (`prisma migrate deploy`). Offline, the CLI uses
// the stand-in schema engine configured in prisma.config.ts.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const prismaCli = createRequire(import.meta.url).resolve('prisma/build/index.js');

export function runPrisma(args: string[], databaseUrl: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [prismaCli, ...args], {
      cwd: packageDir,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export async function migrateDatabase(databaseUrl: string): Promise<void> {
  const { code, output } = await runPrisma(['migrate', 'deploy'], databaseUrl);
  if (code !== 0) throw new Error(`prisma migrate deploy failed (exit ${code}):\n${output}`);
}
