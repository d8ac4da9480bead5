// Offline VIN decoding: our rules first (packages/shared vin.ts: shape, check digit, year, country), then the
// vPIC facts from the decoder thread (vin-decoder.worker.mjs). The thread starts on the first decode and is
// ended after IDLE_MS without a request, so its ~230 MB come back between bursts; requests wait for it in
// order, each at most TIMEOUT_MS once the database is open (then a 429 "try again", never a 5xx; opening has its
// own, longer allowance). One thread per process.
import { Worker } from 'node:worker_threads';
import {
  EXTRA_WMI_MAKERS,
  type VEHICLE_TYPES,
  checkDigitStatus,
  expectedCheckDigit,
  vinCountry,
  vinModelYear,
  type VinDecodeResult,
} from '@garage/shared';
import { AppError } from '../../../lib/errors.ts';

const WORKER_FILE = new URL('./vin-decoder.worker.mjs', import.meta.url);
export const VIN_DECODER_IDLE_MS = 10 * 60_000;
/** A decode once the thread is ready takes ~0.1-0.8 s (seconds on a busy machine): this is "stuck". */
const TIMEOUT_MS = 10_000;
/** Opening the database takes ~0.3-0.7 s, several seconds on a loaded machine: the allowance before requests time. */
const START_TIMEOUT_MS = 60_000;

/** What the thread answers: vPIC's facts, raw (vin-decoder.worker.mjs). */
interface WorkerAnswer {
  id: number;
  error?: string;
  wmi: { manufacturer: string | null; make: string | null; country: string | null; vehicleType: string | null } | null;
  vehicle: { make?: string; model?: string; trim?: string; series?: string; bodyStyle?: string; fuelType?: string } | null;
  engine: { model?: string; cylinders?: string; displacement?: string; fuel?: string } | null;
}
type Facts = Omit<WorkerAnswer, 'id' | 'error'>;

interface Pending {
  resolve: (facts: Facts) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | null;
}

const busy = () => new AppError('TOO_MANY_REQUESTS', 'vin.decoderBusy', { retryAfterSeconds: 5 });

class DecoderThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Until the thread has opened its database, requests wait without their timeout running (START_TIMEOUT_MS). */
  private ready = false;
  private startTimer: NodeJS.Timeout | null = null;
  /** When the thread last answered: a request times out only when the thread made no progress for TIMEOUT_MS. */
  private lastAnswerAt = 0;
  /** Threads started since the process began (tests: a second decode reuses the first thread). */
  starts = 0;
  /** How long the thread may sit idle before it is ended (a setting for tests). */
  idleMs = VIN_DECODER_IDLE_MS;

  facts(request: { vin: string; lookupVin: string; modelYear: number | null }): Promise<Facts> {
    const worker = this.start();
    this.clearIdle();
    const id = this.nextId++;
    return new Promise<Facts>((resolve, reject) => {
      const pending: Pending = { resolve, reject, timer: null };
      this.pending.set(id, pending);
      if (this.ready) this.time(pending);
      worker.postMessage({ id, ...request });
    });
  }

  /**
   * A thread that answers nothing for TIMEOUT_MS while requests wait is stuck or swamped: it is ended (the next
   * request starts a fresh one). A request queued behind others that are being answered keeps waiting.
   */
  private time(pending: Pending): void {
    pending.timer = setTimeout(() => {
      const sinceProgress = Date.now() - this.lastAnswerAt;
      if (sinceProgress < TIMEOUT_MS) this.time(pending);
      else this.stop(busy());
    }, TIMEOUT_MS);
  }

  get running(): boolean {
    return this.worker !== null;
  }

  /** Ends the thread; requests still waiting fail with `reason`. */
  stop(reason: Error = new Error('The VIN decoder was stopped')): void {
    this.clearIdle();
    if (this.startTimer) clearTimeout(this.startTimer);
    this.startTimer = null;
    this.ready = false;
    const worker = this.worker;
    this.worker = null;
    for (const [id, request] of this.pending) {
      if (request.timer) clearTimeout(request.timer);
      request.reject(reason);
      this.pending.delete(id);
    }
    if (worker) void worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE);
    // Neither the thread nor its timers keep the process alive (tests, shutdown).
    worker.unref();
    this.starts++;
    this.ready = false;
    this.startTimer = setTimeout(() => this.stop(busy()), START_TIMEOUT_MS);
    this.startTimer.unref();
    worker.on('message', (answer: WorkerAnswer | { ready: true }) => {
      if (!('id' in answer)) {
        // The database is open: from now on each waiting request has TIMEOUT_MS.
        if (this.startTimer) clearTimeout(this.startTimer);
        this.startTimer = null;
        this.ready = true;
        this.lastAnswerAt = Date.now();
        for (const pending of this.pending.values()) this.time(pending);
        return;
      }
      this.lastAnswerAt = Date.now();
      const request = this.pending.get(answer.id);
      if (!request) return;
      this.pending.delete(answer.id);
      if (request.timer) clearTimeout(request.timer);
      if (answer.error) request.reject(new Error(answer.error));
      else request.resolve({ wmi: answer.wmi, vehicle: answer.vehicle, engine: answer.engine });
      if (this.pending.size === 0) this.armIdle();
    });
    worker.on('error', (error) => {
      if (this.worker === worker) this.stop(error);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.stop(new Error('The VIN decoder stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private armIdle(): void {
    this.clearIdle();
    this.idleTimer = setTimeout(() => this.stop(), this.idleMs);
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

export const vinDecoderThread = new DecoderThread();

/** vPIC's country names (its Country table) as ISO 3166-1 alpha-2, for WMIs outside vin.ts's ranges. */
const VPIC_COUNTRIES: Record<string, string> = {
  ARGENTINA: 'AR',
  AUSTRALIA: 'AU',
  AUSTRIA: 'AT',
  BELGIUM: 'BE',
  BRAZIL: 'BR',
  CANADA: 'CA',
  CHINA: 'CN',
  'CZECH REPUBLIC': 'CZ',
  EGYPT: 'EG',
  ENGLAND: 'GB',
  FINLAND: 'FI',
  FRANCE: 'FR',
  GERMANY: 'DE',
  HUNGARY: 'HU',
  INDIA: 'IN',
  INDONESIA: 'ID',
  ISRAEL: 'IL',
  ITALY: 'IT',
  JAPAN: 'JP',
  MALAYSIA: 'MY',
  MEXICO: 'MX',
  MOROCCO: 'MA',
  NETHERLANDS: 'NL',
  POLAND: 'PL',
  PORTUGAL: 'PT',
  ROMANIA: 'RO',
  RUSSIA: 'RU',
  SERBIA: 'RS',
  SLOVAKIA: 'SK',
  SLOVENIA: 'SI',
  'SOUTH AFRICA': 'ZA',
  'SOUTH KOREA': 'KR',
  SPAIN: 'ES',
  SWEDEN: 'SE',
  SWITZERLAND: 'CH',
  TAIWAN: 'TW',
  THAILAND: 'TH',
  TURKEY: 'TR',
  TUNISIA: 'TN',
  'UNITED KINGDOM (UK)': 'GB',
  'UNITED STATES (USA)': 'US',
  VIETNAM: 'VN',
};

type VehicleType = (typeof VEHICLE_TYPES)[number];

/** Our vehicle type from vPIC's (its VehicleType table) and corgi's body style. */
function vehicleTypeOf(vpicType: string | null, bodyStyle: string | undefined): VehicleType | null {
  if (bodyStyle === 'Van' || bodyStyle === 'Minivan') return 'VAN';
  if (bodyStyle === 'Bus') return 'BUS';
  if (bodyStyle === 'Motorcycle') return 'MOTORCYCLE';
  switch (vpicType) {
    case 'Passenger Car':
    case 'Multipurpose Passenger Vehicle (MPV)':
      return 'CAR';
    case 'Truck':
      return 'TRUCK';
    case 'Bus':
      return 'BUS';
    case 'Motorcycle':
      return 'MOTORCYCLE';
    default:
      return null;
  }
}

const numberOrNull = (text: string | undefined) => {
  const value = text === undefined ? Number.NaN : Number.parseFloat(text);
  return Number.isFinite(value) ? value : null;
};
const textOrNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** The result from our rules and vPIC's facts (null facts: the thread failed, our rules alone). */
export function decodeResult(vin: string, facts: Facts | null, now = new Date()): VinDecodeResult {
  const year = vinModelYear(vin, now);
  const extra = EXTRA_WMI_MAKERS[vin.slice(0, 3)];
  const wmi = facts?.wmi ?? null;
  const vehicle = facts?.vehicle ?? null;
  const engine = facts?.engine ?? null;
  const make = textOrNull(vehicle?.make) ?? textOrNull(wmi?.make) ?? extra?.make ?? null;
  const model = textOrNull(vehicle?.model);
  const engineFacts = engine
    ? { displacementL: numberOrNull(engine.displacement), cylinders: numberOrNull(engine.cylinders), model: textOrNull(engine.model) }
    : null;
  const hasEngine = engineFacts && (engineFacts.displacementL !== null || engineFacts.cylinders !== null || engineFacts.model);
  return {
    vin,
    valid: true,
    checkDigit: checkDigitStatus(vin),
    manufacturer: textOrNull(wmi?.manufacturer),
    make,
    model,
    modelYear: year?.year ?? null,
    modelYearCertain: year?.certain ?? false,
    country: vinCountry(vin) ?? (wmi?.country ? (VPIC_COUNTRIES[wmi.country.trim()] ?? null) : null),
    bodyClass: textOrNull(vehicle?.bodyStyle),
    fuelType: textOrNull(vehicle?.fuelType) ?? textOrNull(engine?.fuel),
    engine: hasEngine ? engineFacts : null,
    trim: textOrNull(vehicle?.trim) ?? textOrNull(vehicle?.series),
    vehicleType: model || wmi ? vehicleTypeOf(wmi?.vehicleType ?? null, vehicle?.bodyStyle) : null,
    coverage: make && model ? 'full' : make ? 'maker-only' : 'unknown',
  };
}

/**
 * Decodes a VIN already checked by vinSchema. The lookup VIN carries the computed check digit at position 9
 * (corgi refuses a European VIN's own character there; the digit plays no part in vPIC's patterns).
 */
export async function decodeVin(vin: string): Promise<VinDecodeResult> {
  const year = vinModelYear(vin);
  const lookupVin = `${vin.slice(0, 8)}${expectedCheckDigit(vin)}${vin.slice(9)}`;
  try {
    const facts = await vinDecoderThread.facts({ vin, lookupVin, modelYear: year?.year ?? null });
    return decodeResult(vin, facts);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The thread failed (its database could not open, it crashed): what our own rules know, not a 5xx.
    return decodeResult(vin, null);
  }
}
