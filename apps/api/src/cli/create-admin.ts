// `pnpm create-admin`: the first admin without a browser. Values come from flags, then ADMIN_EMAIL /
// ADMIN_PASSWORD / ADMIN_NAME (environment or .env), then questions when run in a terminal. Validated by
// the setup screen's rules; refuses when an admin already exists (exit code 1). Uses DATABASE_URL, or the
// embedded database in DATA_DIR (stop the app first: one PostgreSQL at a time can use that folder).
//
//   pnpm create-admin --email owner@shop.example --password 'S3cure!pass' --name 'Nadia Karim'
//   pnpm create-admin            (asks for each value)
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createDb, ensureMerchant, resolveDatabase, type ResolvedDatabase } from '@garage/db';
import { renderMessage } from '@garage/shared';
import { loadConfig } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { cliAdminSchema, splitName, usernameFromEmail } from '../modules/setup/first-admin.ts';
import { createFirstAdmin, mayCreateFirstAdmin } from '../modules/setup/setup.service.ts';

const HELP = `Usage: pnpm create-admin [--email E] [--password P] [--name "First Last" | --first-name F --last-name L]
                         [--username U] [--country-code +1 --phone 5550100]
Creates the first administrator of this installation. Missing values are read from ADMIN_EMAIL,
ADMIN_PASSWORD and ADMIN_NAME, then asked for when run in a terminal.`;

const { values: flags } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    username: { type: 'string' },
    phone: { type: 'string' },
    'country-code': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (flags.help) {
  console.log(HELP);
  process.exit(0);
}

const config = loadConfig();
const interactive = process.stdin.isTTY === true;

/** A question; `secret` answers are not echoed. */
async function ask(question: string, options: { secret?: boolean; fallback?: string } = {}): Promise<string> {
  if (!interactive) return options.fallback ?? '';
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const prompt = options.fallback ? `${question} [${options.fallback}]: ` : `${question}: `;
  const pending = rl.question(prompt);
  muted = !!options.secret;
  const answer = (await pending).trim();
  rl.close();
  if (options.secret) process.stdout.write('\n');
  return answer || options.fallback || '';
}

const email = flags.email ?? config.ADMIN_EMAIL ?? (await ask('Email'));
const names = splitName(flags.name ?? config.ADMIN_NAME);
const firstName =
  flags['first-name'] ?? (flags.name || config.ADMIN_NAME ? names.firstName : await ask('First name', { fallback: names.firstName }));
const lastName =
  flags['last-name'] ?? (flags.name || config.ADMIN_NAME ? names.lastName : await ask('Last name', { fallback: names.lastName }));
const username =
  flags.username ??
  (interactive ? await ask('Username', { fallback: usernameFromEmail(email || 'admin') }) : usernameFromEmail(email || 'admin'));
let password = flags.password ?? config.ADMIN_PASSWORD ?? '';
if (!password && interactive) {
  password = await ask('Password (8+ characters: lower, upper, digit, special)', { secret: true });
  if (password !== (await ask('Repeat the password', { secret: true }))) {
    console.error('The passwords do not match.');
    process.exit(1);
  }
}

const parsed = cliAdminSchema.safeParse({
  firstName,
  lastName,
  username,
  email,
  password,
  countryCode: flags['country-code'],
  phoneNumber: flags.phone,
});
if (!parsed.success) {
  console.error('Cannot create the admin:');
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${renderMessage(issue.message)}`);
  if (!interactive) console.error(`\n${HELP}`);
  process.exit(1);
}

let database: ResolvedDatabase;
try {
  database = await resolveDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, log: () => {} });
} catch (error) {
  console.error(`Cannot open the database: ${String(error).split('\n')[0]}`);
  if (!config.DATABASE_URL) console.error('The embedded database is in use by the running app: stop it first, or set DATABASE_URL.');
  process.exit(1);
}
const db = createDb(database.url, { poolSize: 2 });
let exitCode = 0;
try {
  await ensureMerchant(db);
  // The accounts rule (users.access.ts) as the system actor: the first admin only. createFirstAdmin asks it
  // again under the installation lock, so a concurrent start cannot make a second one.
  if (!(await mayCreateFirstAdmin(db))) {
    console.error('An administrator already exists: sign in at /login (or use "Forgot password").');
    exitCode = 1;
  } else {
    const result = await createFirstAdmin(db, parsed.data);
    if (result.created) console.log(`First admin created: ${parsed.data.username} (${parsed.data.email}). Sign in at /login.`);
    else {
      console.error('An administrator was created meanwhile; nothing changed.');
      exitCode = 1;
    }
  }
} catch (error) {
  console.error(error instanceof AppError ? `Cannot create the admin: ${error.message}` : error);
  exitCode = 1;
} finally {
  await db.$disconnect();
  await database.stop();
}
// Explicitly: the embedded PostgreSQL's exit hooks would otherwise end the process with 0.
process.exit(exitCode);
