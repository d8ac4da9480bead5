// Helpers for the import/export tests: multipart uploads, polling an import until it settles, CSV text.
import { randomInt } from 'node:crypto';
import type { ImportJob, ImportOptionsInput } from '@garage/shared';
import type { App } from '../src/app.ts';
import { testDb, uniqueSuffix } from './helpers.ts';

export function multipartFile(filename: string, bytes: Buffer | string, contentType = 'text/csv') {
  const boundary = `----garage${uniqueSuffix()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(head),
      Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadImport(app: App, auth: Record<string, string>, filename: string, bytes: Buffer | string) {
  const body = multipartFile(filename, bytes);
  return app.inject({
    method: 'POST',
    url: '/backend/data-transfer/imports',
    headers: { ...body.headers, ...auth },
    payload: body.payload,
  });
}

/** Polls the import until it leaves the running phases. */
export async function settle(app: App, auth: Record<string, string>, id: string, timeoutMs = 60_000): Promise<ImportJob> {
  const started = Date.now();
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/backend/data-transfer/imports/${id}`, headers: auth });
    const job = response.json() as ImportJob;
    if (!['validating', 'importing'].includes(job.phase)) return job;
    if (Date.now() - started > timeoutMs) throw new Error(`import ${id} still ${job.phase}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function step(app: App, auth: Record<string, string>, id: string, action: 'validate' | 'run', options: ImportOptionsInput) {
  const response = await app.inject({
    method: 'POST',
    url: `/backend/data-transfer/imports/${id}/${action}`,
    headers: auth,
    payload: { options },
  });
  return response;
}

/** Uploads, then runs with the suggested mapping, unit and date order (plus `options`), and waits for the end. */
export async function importFile(
  app: App,
  auth: Record<string, string>,
  filename: string,
  bytes: Buffer | string,
  options: ImportOptionsInput = {},
) {
  const uploaded = await uploadImport(app, auth, filename, bytes);
  if (uploaded.statusCode !== 201) throw new Error(`upload ${uploaded.statusCode}: ${uploaded.body}`);
  const job = uploaded.json() as ImportJob;
  const run = await step(app, auth, job.id, 'run', {
    mapping: job.suggestedMapping,
    distanceUnit: job.suggestedDistanceUnit,
    dateOrder: job.suggestedDateOrder,
    ...options,
  });
  if (run.statusCode !== 202) throw new Error(`run ${run.statusCode}: ${run.body}`);
  return settle(app, auth, job.id);
}

export const csv = (rows: (string | number)[][]) =>
  rows
    .map((row) => row.map((cell) => (/[",\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : cell)).join(','))
    .join('\n') + '\n';

/** A phone number nobody else in the shared test database has. */
export const uniquePhone = () => `6${randomInt(10_000_000, 99_999_999)}${randomInt(10, 99)}`;
export const uniquePlate = () => `T${uniqueSuffix().toUpperCase()}`;

/**
 * An account with an email and a phone of its own (language 'en'), as an import's duplicate check finds it:
 * staff (ADMIN, MANAGER, EMPLOYEE) an import must never change, or a CLIENT it may update.
 */
export async function createMatchableAccount(role: 'ADMIN' | 'MANAGER' | 'EMPLOYEE' | 'CLIENT') {
  const s = uniqueSuffix();
  return testDb().user.create({
    data: {
      firstName: 'Kept',
      lastName: `Account${s}`,
      username: `matchable_${s}`,
      email: `matchable.${s}@import.test`,
      countryCode: '+1',
      phoneNumber: uniquePhone(),
      role,
      preferredLanguage: 'en',
      verified: true,
      active: true,
    },
  });
}
