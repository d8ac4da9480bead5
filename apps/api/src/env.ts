// The API's configuration, validated once at boot. Nothing else reads process.env.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultDataDir, repoRoot } from '@garage/db';
import { meetsPasswordRule } from '@garage/shared';

const boolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Without it the app starts an embedded PostgreSQL in DATA_DIR/postgres. */
  DATABASE_URL: z.url().optional(),
  /** PostgreSQL connections of this process (default DEFAULT_POOL_SIZE in packages/db). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  DATA_DIR: z.string().default(defaultDataDir),
  STORAGE_DIR: z.string().optional(),
  /** Without it a random secret is generated once and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** smtp://user:pass@host:port; without it one-time codes are written to the server log. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Garage <no-reply@garage.local>'),
  /** Public address of the web app for links sent to customers (approval links); default: the request's own origin. */
  PUBLIC_URL: z.url().optional(),
  /** Demo data, whose accounts have published passwords: only when asked for. Unset, it follows
   * SEED_DEMO_DEFAULT with the embedded database, and is off otherwise. */
  SEED_DEMO: boolean.optional(),
  /** Set by the README's local commands (`npm start`, `npm run dev`) only: demo data when SEED_DEMO is unset
   * and the database is the embedded one. A server started any other way (the Docker image, a bundle run by
   * hand) never seeds accounts with known passwords unless SEED_DEMO=true says so. */
  SEED_DEMO_DEFAULT: boolean.optional(),
  /** The country of the demo shop when demo data is seeded: fr, ma, sa or ae (currency, taxes, legal identity,
   * seed/tax.ts in packages/db); unset: the demo as before (USD, no taxes). Read once, on the first seed. */
  DEMO_PROFILE: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['fr', 'ma', 'sa', 'ae', 'other']))
    .optional(),
  /** First admin created at boot when the installation has none (scripted installs); both or neither. */
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an email address').optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine(
      meetsPasswordRule,
      'ADMIN_PASSWORD must have at least 8 characters, one lowercase letter, one uppercase letter, one number and one special character',
    )
    .optional(),
  /** "First Last" of that admin (default "Admin"). */
  ADMIN_NAME: z.string().trim().min(1).max(200).optional(),
  /** Also write the first-run setup code to this file (mode 600), e.g. for scripted installs and tests. */
  SETUP_CODE_FILE: z.string().optional(),
  /** Set by pnpm: the folder a `pnpm <script>` was typed in (the backup CLI resolves relative folders from it). */
  INIT_CWD: z.string().optional(),
  /** Built web app to serve; production only. */
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Background jobs (service reminder emails, pg-boss in the database's "pgboss" schema); several instances may all run them. */
  RUN_JOBS: boolean.default(true),
  /**
   * Behind a load balancer with several instances: on SIGTERM keep serving this long while /backend/health
   * answers 503 "draining", so the balancer moves traffic away before this instance stops listening
   * (docs/operations.md "Scaling out"). 0 (default): stop listening at once.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /** Set when behind a reverse proxy so client IPs and https are detected. */
  TRUST_PROXY: boolean.default(false),
  /** Web analytics: days raw page-view events are kept (hourly/daily rollups are kept forever). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(400),
  /** Optional MaxMind-format .mmdb file (e.g. GeoLite2-City) for visitors' country/region/city. */
  ANALYTICS_GEOIP_DB: z.string().optional(),
  /** Tracking events accepted per client IP per minute (in memory, per instance); 0 turns the limit off. */
  ANALYTICS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  /** Ingestion buffer: events per batch, longest wait before a batch is written, most events held. */
  ANALYTICS_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  ANALYTICS_BUFFER_MAX: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
});

export type Config = z.infer<typeof schema> & { storageDir: string };

/** Reads <repo>/.env when present (real environment variables win), then validates. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const envFile = path.join(repoRoot, '.env');
  const fileValues = existsSync(envFile) && env === process.env ? parseEnvFile(readFileSync(envFile, 'utf8')) : {};
  const merged = { ...fileValues, ...env };
  // Empty strings mean "unset" (docker-compose passes VAR= for optional settings).
  for (const key of Object.keys(merged)) if (merged[key] === '') delete merged[key];
  const parsed = schema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  if (!parsed.data.ADMIN_EMAIL !== !parsed.data.ADMIN_PASSWORD) {
    throw new Error('Invalid configuration:\n  ADMIN_EMAIL, ADMIN_PASSWORD: set both (or neither) to create the first admin at start');
  }
  // Relative folders are relative to the repository root, whichever folder the process started in.
  const dataDir = path.resolve(repoRoot, parsed.data.DATA_DIR);
  const storageDir = parsed.data.STORAGE_DIR ? path.resolve(repoRoot, parsed.data.STORAGE_DIR) : path.join(dataDir, 'storage');
  return { ...parsed.data, DATA_DIR: dataDir, storageDir };
}

function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) values[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

/** Whether to seed the demo shop (accounts with the README's passwords): SEED_DEMO when set; unset, only the
 * README's local commands with the embedded database (SEED_DEMO_DEFAULT); never by default anywhere else. */
export function shouldSeedDemo(config: Pick<Config, 'SEED_DEMO' | 'SEED_DEMO_DEFAULT'>, embeddedDatabase: boolean): boolean {
  return config.SEED_DEMO ?? (embeddedDatabase && config.SEED_DEMO_DEFAULT === true);
}
