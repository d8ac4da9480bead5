#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary, which these machines cannot download.
//
// The Prisma 7 CLI starts PRISMA_SCHEMA_ENGINE_BINARY (set in ../prisma.config.ts) as
//   schema-engine --datamodels <file>... --datasource '{"url":...,"shadowDatabaseUrl":...}'
// and speaks newline-delimited JSON-RPC 2.0 over stdin/stdout, with JSON log lines on stderr. The RPC
// methods are exactly those of the wasm build of the same engine (@prisma/schema-engine-wasm), so this
// script forwards each request to a wasm SchemaEngine that reaches PostgreSQL through @prisma/adapter-pg.
// It also answers `--version` and the one-shot `cli can-connect-to-database|create-database|drop-database`.
//
// Leans on the CLI<->engine protocol and adapter-pg internals: re-run ./smoke-test.sh on every Prisma
// upgrade. Background and measurements: /work/shared/notes/prisma-offline.md.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg';
import pg from 'pg';

// ---------------------------------------------------------------------------------------------------
// Loading the wasm (not needed by the one-shot `cli` subcommands, which skip it). The package entry
// imports the .wasm as an ES module, which Node 20 cannot do, so we instantiate it against the package's
// own JS glue. The Rust panic hook reports its message through this global; without it a panic would
// crash inside the hook and the message would be lost.
async function loadWasm() {
  globalThis.PRISMA_WASM_PANIC_REGISTRY = {
    message: undefined,
    get() {
      return this.message;
    },
    set_message(message) {
      this.message = message;
    },
  };
  const wasmUrl = new URL('./schema_engine_bg.wasm', import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
  const { instance } = await WebAssembly.instantiate(await readFile(wasmUrl), { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
}

// ---------------------------------------------------------------------------------------------------
// Command line: the flags the CLI passes; preview features and extension types do not apply to Postgres.
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const datasource = JSON.parse(flag('--datasource') ?? '{}');
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const log = (level, fields, target = 'schema_engine::logger') => process.stderr.write(`${JSON.stringify({ level, fields, target })}\n`);
const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

if (args.includes('--version')) {
  // The CLI shows this line in `prisma --version`; we report the hash of the wasm build doing the work.
  await loadWasm();
  console.log(`schema-engine-cli ${glue.version()}`);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------------
// Connections. Everything on the main database goes through ONE connection (pool max 1, never closed
// while idle), as with the native engine: the migration advisory lock is per session, and a migration
// script must run on the connection that reports its outcome. allowExitOnIdle keeps idle pools from
// holding the process open.
function requireUrl(url) {
  if (!url) throw Object.assign(new Error('No database URL: set datasource.url in prisma.config.ts.'), { code: 'P1012' });
  return url;
}
// `?schema=` selects the Postgres schema, as the native engine does; it is not a libpq parameter.
const schemaOf = (url) => new URL(url).searchParams.get('schema') ?? 'public';
function newPool(url) {
  const schema = schemaOf(url);
  return new pg.Pool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
    ...(schema !== 'public' && { options: `-c search_path=${quoteIdent(schema)}` }),
  });
}
// A URL naming another database on the same server. (node-postgres lets a connectionString override a
// separate `database` option, so the database has to be changed in the URL itself.)
function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.href;
}

let mainPool;
const mainConnection = () => (mainPool ??= newPool(requireUrl(datasource.url)));

// Shadow databases created here and not yet dropped; dropped on exit if the engine did not dispose them.
const shadowCleanups = new Set();

// Wraps one pool in an adapter-pg adapter, with the two behaviours the migration engine needs fixed.
async function adapterFor(pool, url) {
  const adapter = await new PrismaPg(pool, { schema: schemaOf(url) }).connect();
  patchCharColumns(adapter);
  // adapter-pg splits scripts on ';' and runs the pieces separately: that breaks `$$` function bodies and
  // leaves a failed migration half-applied. Send the script as one simple-protocol query, which Postgres
  // runs as one implicit transaction, like the native engine does.
  adapter.executeScript = async (script) => {
    try {
      await pool.query(script);
    } catch (error) {
      // A script with its own BEGIN that fails leaves the session in an aborted transaction; clear it so
      // the engine can still record the failure on this connection.
      await pool.query('ROLLBACK').catch(() => {});
      adapter.onError(error); // rethrows as a DriverAdapterError, which the engine turns into its message
    }
  };
  return adapter;
}

// adapter-pg 7.10.1 cannot type Postgres's internal `"char"` (OID 18), which the engine's catalog queries
// return (e.g. pg_constraint.contype): every schema description fails. Let adapter-pg read it as text,
// then report it as the Character column type, which the engine expects there. Patched once on the
// prototype shared by adapters and transactions.
const charColumns = new WeakMap(); // result rows -> indexes of "char" columns
const PATCHED = Symbol('charColumnsPatched');
function patchCharColumns(adapter) {
  const queryable = Object.getPrototypeOf(Object.getPrototypeOf(adapter));
  if (queryable[PATCHED]) return;
  queryable[PATCHED] = true;
  const { performIO, queryRaw } = queryable;
  queryable.performIO = async function (query) {
    const result = await performIO.call(this, query);
    const indexes = result.fields.flatMap((field, i) => (field.dataTypeID === 18 ? [i] : []));
    for (const i of indexes) result.fields[i].dataTypeID = pg.types.builtins.TEXT;
    if (indexes.length > 0) charColumns.set(result.rows, indexes);
    return result;
  };
  queryable.queryRaw = async function (query) {
    const result = await queryRaw.call(this, query);
    for (const i of charColumns.get(result.rows) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
}

// The adapter factory handed to the engine. We build the shadow database ourselves: adapter-pg's own
// connectToShadowDb() spreads `database` next to a connectionString, which node-postgres ignores, so its
// "shadow" database would be the MAIN database, and `migrate dev` would wipe it.
const factory = {
  provider: 'postgres',
  adapterName: '@prisma/adapter-pg',
  connect: () => adapterFor(mainConnection(), datasource.url),
  async connectToShadowDb() {
    if (datasource.shadowDatabaseUrl) {
      // A configured shadow database is the user's to lend: empty its schema, as the native engine resets it.
      const url = datasource.shadowDatabaseUrl;
      const pool = newPool(url);
      const schema = quoteIdent(schemaOf(url));
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
      const adapter = await adapterFor(pool, url);
      adapter.dispose = () => pool.end();
      return adapter;
    }
    const name = `prisma_migrate_shadow_db_${randomUUID()}`;
    await mainConnection().query(`CREATE DATABASE ${quoteIdent(name)}`);
    const url = withDatabase(datasource.url, name);
    const pool = newPool(url);
    const cleanup = async () => {
      shadowCleanups.delete(cleanup);
      await pool.end();
      await mainConnection().query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
    };
    shadowCleanups.add(cleanup);
    const adapter = await adapterFor(pool, url);
    adapter.dispose = cleanup;
    return adapter;
  },
};
const boundFactory = bindMigrationAwareSqlAdapterFactory(factory);

// ---------------------------------------------------------------------------------------------------
// One-shot subcommands, run by the CLI before `migrate dev|deploy` and by `migrate reset`. They need no
// engine. The CLI discards the first stderr line (the native engine's INFO banner) and reads the error
// from the JSON lines after it, so the banner must be printed or the error would be lost.
function pgErrorToKnown(error, url) {
  const u = new URL(url);
  const host = u.hostname || 'localhost';
  const at = `${host}:${u.port || 5432}`;
  const database = decodeURIComponent(u.pathname.slice(1));
  if (error.code === '3D000')
    return { error_code: 'P1003', message: `Database \`${database}\` does not exist on the database server at \`${at}\`.` };
  if (error.code === '42P04')
    return { error_code: 'P1009', message: `Database \`${database}\` already exists on the database server at \`${at}\`` };
  if (error.code === '28P01' || error.code === '28000') {
    return {
      error_code: 'P1000',
      message: `Authentication failed against database server at \`${host}\`, the provided database credentials for \`${decodeURIComponent(u.username)}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at \`${host}\`.`,
    };
  }
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ENOENT'].includes(error.code)) {
    return {
      error_code: 'P1001',
      message: `Can't reach database server at \`${at}\`\n\nPlease make sure your database server is running at \`${at}\`.`,
    };
  }
  return { message: error.message };
}

async function onServer(url, sql) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

// CREATE/DROP DATABASE must run from another database on the same server: `postgres`, else `template1`.
async function onMaintenanceDb(url, sql) {
  try {
    await onServer(withDatabase(url, 'postgres'), sql);
  } catch (error) {
    if (error.code !== '3D000') throw error;
    await onServer(withDatabase(url, 'template1'), sql);
  }
}

async function runCliCommand(command) {
  log('INFO', { message: 'Starting schema engine CLI (wasm stand-in)' }, 'schema_engine_cli');
  const url = requireUrl(datasource.url);
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  try {
    if (command === 'can-connect-to-database') await onServer(url, 'SELECT 1');
    else if (command === 'create-database') await onMaintenanceDb(url, `CREATE DATABASE ${quoteIdent(database)}`);
    else if (command === 'drop-database') await onMaintenanceDb(url, `DROP DATABASE ${quoteIdent(database)}`);
    else throw new Error(`Unknown cli command: ${command}`);
    if (command !== 'can-connect-to-database')
      console.log(`Database ${command === 'create-database' ? 'created' : 'dropped'}: ${database}`);
    process.exit(0);
  } catch (error) {
    log('ERROR', pgErrorToKnown(error, url));
    process.exit(1);
  }
}

if (args.includes('cli')) await runCliCommand(args[args.indexOf('cli') + 1]);
await loadWasm();

// ---------------------------------------------------------------------------------------------------
// JSON-RPC loop. Requests are handled one at a time, each on a FRESH wasm engine: an engine reused after
// applyMigrations fails, and createMigration/evaluateDataLoss only work on an engine whose shadow
// database support was primed by a shadow-using diagnoseMigrationHistory (~0.3 s extra).
const METHODS = new Set([
  'applyMigrations',
  'createMigration',
  'dbExecute',
  'devDiagnostic',
  'diagnoseMigrationHistory',
  'diff',
  'ensureConnectionValidity',
  'evaluateDataLoss',
  'introspect',
  'introspectSql',
  'markMigrationApplied',
  'markMigrationRolledBack',
  'reset',
  'schemaPush',
  'debugPanic',
]);
const NEEDS_PRIMING = new Set(['createMigration', 'evaluateDataLoss']);
// The engine's log lines are already JSON in the CLI's format, newline-terminated.
const engineLog = (line) => process.stderr.write(line.endsWith('\n') ? line : `${line}\n`);

async function callEngine(id, method, params) {
  // `datamodels` must be undefined, not []: every method gets its schema in its params anyway.
  const engine = await glue.SchemaEngine.new({ datamodels: undefined }, engineLog, boundFactory);
  try {
    if (method === 'getDatabaseVersion') return await engine.version(params ?? null);
    if (!METHODS.has(method)) throw new Error(`Unknown method: ${method}`);
    if (NEEDS_PRIMING.has(method)) {
      await engine.diagnoseMigrationHistory({
        migrationsList: params.migrationsList,
        optInToShadowDatabase: true,
        filters: params.filters,
      });
    }
    const result = await engine[method](params);
    if (method === 'diff' && result.stdout != null) {
      // The wasm engine returns the diff text; the CLI expects the engine to ask it to print it (that is
      // how `--output` captures it), before the response.
      send({ jsonrpc: '2.0', id: `print-${id}`, method: 'print', params: { content: result.stdout } });
      return { ...result, stdout: null };
    }
    return result;
  } finally {
    try {
      engine.free();
    } catch {
      /* after a panic the instance is poisoned: keep the original error */
    }
  }
}

// The error shape of the native engine: user-facing errors carry their P-code and meta; a Rust panic
// is flagged so the CLI reports it as a crash.
function toRpcError(error) {
  const panic = globalThis.PRISMA_WASM_PANIC_REGISTRY.message;
  if (panic !== undefined || error instanceof WebAssembly.RuntimeError) {
    const message = panic ?? String(error);
    return { code: 4466, message, data: { is_panic: true, message, backtrace: error?.stack } };
  }
  const data = { is_panic: false, message: error?.message ?? String(error) };
  if (error?.code) Object.assign(data, { error_code: error.code, meta: error.meta ?? {} });
  else data.backtrace = error?.stack;
  return { code: 4466, message: 'An error happened. Check the data field for details.', data };
}

async function shutdown(code) {
  // Drop shadow databases an engine left behind (e.g. after an error), then exit explicitly: the engine
  // leaves a ~10 s timer running after applyMigrations, and nothing else would end the process promptly.
  await Promise.allSettled([...shadowCleanups].map((cleanup) => cleanup()));
  await mainPool?.end().catch(() => {});
  process.exit(code);
}

let queue = Promise.resolve();
createInterface({ input: process.stdin, crlfDelay: Infinity })
  .on('line', (line) => {
    if (!line.trim()) return;
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      return send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    }
    if (request.method === undefined) return; // the CLI's acknowledgement of a `print` request
    queue = queue.then(async () => {
      globalThis.PRISMA_WASM_PANIC_REGISTRY.message = undefined;
      try {
        const result = await callEngine(request.id, request.method, request.params);
        send({ jsonrpc: '2.0', id: request.id, result: result ?? null });
      } catch (error) {
        const rpcError = toRpcError(error);
        send({ jsonrpc: '2.0', id: request.id, error: rpcError });
        if (rpcError.data.is_panic) await shutdown(101); // the wasm instance is not usable after a panic
      }
    });
  })
  .on('close', () => queue.then(() => shutdown(0)));
// The CLI stops the engine by closing stdin and then sending SIGTERM right away: still clean up.
process.on('SIGTERM', () => queue.then(() => shutdown(0)));
