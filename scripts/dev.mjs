// Development loop: API in watch mode on :3000 and the Vite dev server on :5173 (proxying /backend).
import { checkNode, ensureEnvFile, resolvePnpm, runOrExit, say } from './lib/tooling.mjs';

checkNode();
ensureEnvFile();
const pnpm = resolvePnpm();
// A local command: demo data with the embedded database unless SEED_DEMO says otherwise (apps/api/src/env.ts).
process.env.SEED_DEMO_DEFAULT = 'true';
say('API on http://localhost:3000, web on http://localhost:5173 (Ctrl+C stops both)');
await runOrExit(pnpm[0], [...pnpm.slice(1), 'turbo', 'run', 'dev', '--filter=@garage/api', '--filter=@garage/web']);
