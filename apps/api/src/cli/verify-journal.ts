// `pnpm verify-journal`: proves the fiscal journal unbroken (docs/invoicing.md "Payments that cannot be
// rewritten"). Recomputes every entry's hash in sequence order, checks the head, and that every issued
// invoice, credit note, payment and refund has its entry. Exit 0 when all holds; 1 naming the first broken
// sequence (or document); 2 when the database cannot be reached.
// Uses DATABASE_URL, or the embedded database in DATA_DIR (the running one when the app is up, else it is
// started for the command and stopped after), as `pnpm backup` does.
import path from 'node:path';
import { createDb } from '@garage/db';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '@garage/db/embedded';
import { verifyFiscalJournal, type FiscalProblem } from '@garage/db/fiscal-journal';
import { loadConfig } from '../env.ts';

const config = loadConfig();
const log = (line: string) => console.log(`[garage] ${line}`);

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const embeddedDir = path.join(config.DATA_DIR, 'postgres');
  const running = runningEmbeddedUrl(embeddedDir);
  if (running) return { url: running, stop: async () => {} };
  const cluster = await startEmbeddedPostgres({ dataDir: embeddedDir, log });
  return { url: cluster.url, stop: cluster.stop };
}

const PROBLEMS: Record<FiscalProblem, string> = {
  hash: 'its content does not give its hash (the entry was changed)',
  gap: 'it is missing (an entry was deleted or renumbered)',
  previousHash: 'it does not follow the previous entry (an entry was inserted or replaced)',
  head: 'the head does not name the last entry (the end of the journal was cut or extended)',
  missingEntry: 'a document has no journal entry (a row was added outside the software)',
  documentChanged: 'its document is gone or no longer says what was recorded (a row was deleted or changed)',
};

let target: { url: string; stop: () => Promise<void> };
try {
  target = await database();
} catch (error) {
  console.error(`[garage] verify-journal: cannot reach the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const db = createDb(target.url, { poolSize: 2 });
try {
  const result = await verifyFiscalJournal(db);
  if (result.ok) {
    console.log(`Journal verified: ${result.entries} entries, chain unbroken, head ${result.headHash}`);
  } else {
    const problem = result.firstProblem!;
    const where = problem.sequence === null ? `document ${problem.documentId}` : `sequence ${problem.sequence}`;
    console.error(
      `Journal BROKEN at ${where}: ${PROBLEMS[problem.problem]}${problem.documentId && problem.sequence !== null ? ` (document ${problem.documentId})` : ''}. ` +
        `${result.checkedUpTo} entries checked good before it.`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`[garage] verify-journal failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  await db.$disconnect();
  await target.stop();
}
