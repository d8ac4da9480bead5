// The one definition of the VIN rules (ISO 3779 / 3780, 49 CFR 565 for North America). Pure: the API checks
// input with vinSchema and decodes the rest with vPIC (apps/api/src/modules/vehicles/vin-decoder/); the web
// uses the same functions to check as the user types and to read a scanned barcode.
//
// - A VIN is 17 characters, digits and capital letters except I, O and Q (they look like 1 and 0).
//   normaliseVin forgives what people type around it: spaces, dashes, lower case.
// - Position 9 is a check digit in North America only (VINs starting 1–5): a wrong one is a WARNING (a typing
//   mistake, or a grey import), never a refusal. Elsewhere position 9 is the maker's own character.
// - Position 10 is the model year in a 30-year cycle. North America tells the cycle by position 7 (a digit
//   for 1980–2009, a letter for 2010–2039, as NHTSA decodes it). Other makers are not bound to that rule (many
//   European VINs carry no year at all), so there the year is reported as probable, never as certain: by
//   position 7 when position 9 holds a right check digit (a VIN built to the US rule, as Japanese and Korean
//   exports are), else the most recent year the code can mean.
// - Positions 1–3 (WMI): the country from ISO 3780's ranges of the first two characters (a small table of the
//   regions this shop meets; an unlisted range is null rather than a guess), and the maker of a few common
//   European WMIs that the vPIC data lacks.
import { z } from 'zod';
import { encodeMessage } from './messages.ts';

export const VIN_LENGTH = 17;

/** Texts of the VIN rules, grouped as "vin.<key>" in the message catalogue. */
export const VIN_MESSAGES = {
  length: 'A VIN is exactly 17 characters',
  forbiddenLetters: 'A VIN never contains the letters I, O or Q (they would be read as 1 and 0)',
  characters: 'A VIN contains only digits and the letters A to Z',
  checkDigit: 'The check digit (9th character) does not match the rest of this VIN: check it for a typing mistake',
  decoderBusy: 'VIN decoding is taking too long; try again in a moment',
} as const;

/** Upper case, without the spaces, dashes and dots people type or print between groups. */
export function normaliseVin(text: string): string {
  return text.replace(/[\s\-.]+/g, '').toUpperCase();
}

export type VinProblem = keyof Pick<typeof VIN_MESSAGES, 'length' | 'forbiddenLetters' | 'characters'>;

/** Why a normalised VIN is refused, or null when its shape is right (the check digit is separate). */
export function vinProblem(vin: string): VinProblem | null {
  if (vin.length !== VIN_LENGTH) return 'length';
  if (/[IOQ]/.test(vin)) return 'forbiddenLetters';
  if (!/^[A-Z0-9]+$/.test(vin)) return 'characters';
  return null;
}

export const isVinShape = (vin: string) => vinProblem(vin) === null;

/** ISO 3779 transliteration: letters to the digits the check digit is computed with (no I, O, Q). */
// biome-ignore format: the ISO 3779 table reads best in its three rows
const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit a VIN of the right shape should carry at position 9: '0'–'9' or 'X' (remainder 10). */
export function expectedCheckDigit(vin: string): string {
  let sum = 0;
  for (let index = 0; index < VIN_LENGTH; index++) {
    const char = vin[index] ?? '0';
    const value = /\d/.test(char) ? Number(char) : (TRANSLITERATION[char] ?? 0);
    sum += value * (WEIGHTS[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** A VIN made for North America (first character 1–5: USA, Canada, Mexico), where position 9 is a check digit. */
export const isNorthAmericanVin = (vin: string) => /^[1-5]/.test(vin);

export type CheckDigitStatus = 'valid' | 'invalid' | 'not-applicable';

export function checkDigitStatus(vin: string): CheckDigitStatus {
  if (!isVinShape(vin) || !isNorthAmericanVin(vin)) return 'not-applicable';
  return vin[8] === expectedCheckDigit(vin) ? 'valid' : 'invalid';
}

/** Position 10's 30 year codes, 1980 (A) to 2009 (9), then again 2010 (A) to 2039 (9). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export interface VinModelYear {
  year: number;
  /** True for North American VINs (position 7 tells the cycle); false: the most recent year the code can mean. */
  certain: boolean;
}

/** The model year from position 10, or null when the VIN carries none ('0', 'Z', 'U' and such). */
export function vinModelYear(vin: string, now = new Date()): VinModelYear | null {
  if (!isVinShape(vin)) return null;
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return null;
  const byPosition7 = (/[A-Z]/.test(vin[6] ?? '') ? 2010 : 1980) + index;
  if (isNorthAmericanVin(vin)) return { year: byPosition7, certain: true };
  if (vin[8] === expectedCheckDigit(vin) && byPosition7 <= now.getFullYear() + 1) return { year: byPosition7, certain: false };
  const latest = now.getFullYear() + 1;
  const year = 2010 + index <= latest ? 2010 + index : 1980 + index;
  return { year, certain: false };
}

/** ISO 3780 ranges of the first two characters: [first character, second from, second to, ISO 3166 country]. */
const SECOND_CHARACTER_ORDER = 'ABCDEFGHJKLMNPRSTUVWXYZ1234567890';
const WMI_COUNTRY_RANGES: readonly (readonly [string, string, string, string])[] = [
  ['1', 'A', '0', 'US'],
  ['4', 'A', '0', 'US'],
  ['5', 'A', '0', 'US'],
  ['2', 'A', '0', 'CA'],
  ['3', 'A', 'W', 'MX'],
  ['J', 'A', '0', 'JP'],
  ['K', 'L', 'R', 'KR'],
  ['L', 'A', '0', 'CN'],
  ['M', 'A', 'E', 'IN'],
  ['S', 'A', 'M', 'GB'],
  ['V', 'F', 'R', 'FR'],
  ['V', 'S', 'W', 'ES'],
  ['W', 'A', '0', 'DE'],
  ['Y', 'S', 'W', 'SE'],
  ['Z', 'A', 'R', 'IT'],
  ['9', 'B', 'B', 'BR'],
];

/**
 * Makers of common WMIs that the vPIC data does not list (it holds what was sold in North America), with the
 * country the WMI was issued in. Each is the maker's published WMI; add one only from such a source.
 */
export const EXTRA_WMI_MAKERS: Readonly<Record<string, { make: string; country: string }>> = {
  UU1: { make: 'Dacia', country: 'RO' },
  VF7: { make: 'Citroën', country: 'FR' },
  VR7: { make: 'Citroën', country: 'FR' },
  VR3: { make: 'Peugeot', country: 'FR' },
  VR1: { make: 'DS', country: 'FR' },
  TMB: { make: 'Škoda', country: 'CZ' },
  VSS: { make: 'SEAT', country: 'ES' },
  W0L: { make: 'Opel', country: 'DE' },
  WF0: { make: 'Ford', country: 'DE' },
  VNK: { make: 'Toyota', country: 'FR' },
};

/** The WMI's country (ISO 3166-1 alpha-2) from ISO 3780's ranges, or null for a range not in the table. */
export function vinCountry(vin: string): string | null {
  const extra = EXTRA_WMI_MAKERS[vin.slice(0, 3)];
  if (extra) return extra.country;
  const [first, second] = [vin[0] ?? '', SECOND_CHARACTER_ORDER.indexOf(vin[1] ?? '')];
  if (second < 0) return null;
  for (const [firstCharacter, from, to, country] of WMI_COUNTRY_RANGES) {
    if (first !== firstCharacter) continue;
    if (second >= SECOND_CHARACTER_ORDER.indexOf(from) && second <= SECOND_CHARACTER_ORDER.indexOf(to)) return country;
  }
  return null;
}

/**
 * The text of a scanned VIN barcode as a VIN: normalised, and without the leading 'I' (import) that Code 39
 * VIN labels often carry, when what follows it is a valid VIN. Null when the text is no VIN.
 */
export function vinFromScan(text: string): string | null {
  const vin = normaliseVin(text);
  if (isVinShape(vin)) return vin;
  if (vin.length === VIN_LENGTH + 1 && vin.startsWith('I') && isVinShape(vin.slice(1))) return vin.slice(1);
  return null;
}

const vinMessage = (key: keyof typeof VIN_MESSAGES) => encodeMessage(`vin.${key}`);

function refuseBadVin(vin: string, context: z.RefinementCtx): void {
  const problem = vinProblem(vin);
  if (problem) context.addIssue({ code: 'custom', message: vinMessage(problem) });
}

/** A VIN as typed: normalised, then refused with its rule's message. The check digit only warns (checkDigitStatus). */
export const vinSchema = z.string().transform(normaliseVin).superRefine(refuseBadVin);

/** The vehicle form's VIN: optional (old clients, imports); empty (or only spaces) means none. */
export const optionalVinSchema = z
  .string()
  .transform(normaliseVin)
  .superRefine((vin, context) => {
    if (vin !== '') refuseBadVin(vin, context);
  })
  .transform((vin) => (vin === '' ? null : vin))
  .nullish();
