// The one place that checks a company's identifiers (the shop's legal identity, a business customer's
// billing details) against the rules of the shop's country profile. Pure: the API calls it before writing,
// the web may call it to warn early. Only identifiers present are checked (which ones an invoice requires
// is the invoicing rules' business, not this file's).
//
// - FR: SIREN 9 digits, SIRET 14 digits, both with a Luhn check digit (La Poste's SIRETs, SIREN 356000000,
//   use "sum of digits divisible by 5" instead); a SIRET starts with the SIREN when both are given; the
//   intra-community VAT number is FR + a 2-digit key + the SIREN, key = (12 + 3 × (SIREN mod 97)) mod 97.
// - MA: ICE 15 digits.
// - SA: VAT number 15 digits starting and ending with 3; commercial registration (CR) 10 digits.
// - AE: TRN 15 digits (kept in vatNumber).
// - OTHER: free text.
// Spaces, dots and dashes people type between groups ("123 456 789") are dropped (normalizeLegalIdentifiers).
import type { TaxCountryProfile } from './tax-rules.ts';

/** Texts of the refusals, grouped as "legalIds.<key>" in the message catalogue. */
export const LEGAL_IDENTIFIER_MESSAGES = {
  siren: 'A SIREN is 9 digits with a valid check digit',
  siret: 'A SIRET is 14 digits with a valid check digit',
  siretNotOfSiren: 'This SIRET does not start with the SIREN',
  frVatNumber: 'A French VAT number is FR, a 2-digit key and the SIREN (FR 12 345678901)',
  frVatNotOfSiren: 'This VAT number does not contain the SIREN',
  ice: 'An ICE is 15 digits',
  saVatNumber: 'A Saudi VAT number is 15 digits starting and ending with 3',
  saCommercialRegistration: 'A commercial registration number (CR) is 10 digits',
  aeTrn: 'A TRN (tax registration number) is 15 digits',
} as const;
export type LegalIdentifierMessage = keyof typeof LEGAL_IDENTIFIER_MESSAGES;

/** The identifiers checked here (the shape of legalIdentifiersSchema, schemas/tax.ts; others are free text). */
export interface CheckedIdentifiers {
  siren?: string | null;
  siret?: string | null;
  vatNumber?: string | null;
  ice?: string | null;
  commercialRegistration?: string | null;
}

export interface IdentifierProblem {
  /** The identifier's key ("siret"); the caller prefixes its path ("legalIdentity.identifiers."). */
  field: keyof CheckedIdentifiers;
  message: LegalIdentifierMessage;
}

/** Luhn (ISO/IEC 7812) over a string of digits: the check digit is the last one. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** La Poste's SIREN: its establishments' SIRETs do not follow Luhn (INSEE's published exception). */
const LA_POSTE_SIREN = '356000000';

export const isValidSiren = (siren: string) => /^\d{9}$/.test(siren) && luhnValid(siren);

export function isValidSiret(siret: string): boolean {
  if (!/^\d{14}$/.test(siret)) return false;
  if (siret.startsWith(LA_POSTE_SIREN) && siret !== `${LA_POSTE_SIREN}00048`) {
    const digitSum = [...siret].reduce((sum, digit) => sum + Number(digit), 0);
    return digitSum % 5 === 0;
  }
  return luhnValid(siret);
}

/** The 2-digit key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97, zero-padded. */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, '0');
}

/** "FR" + key + SIREN, the key matching the SIREN. */
export function isValidFrenchVatNumber(vatNumber: string): boolean {
  const match = /^FR(\d{2})(\d{9})$/.exec(vatNumber);
  if (!match) return false;
  const [, key, siren] = match as unknown as [string, string, string];
  return isValidSiren(siren) && frenchVatKey(siren) === key;
}

/** Drops the separators people type between groups of an identifier (spaces, dots, dashes); uppercases letters. */
export const compactIdentifier = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** The identifiers with the checked ones compacted, as they are stored and printed. */
export function normalizeLegalIdentifiers<T extends CheckedIdentifiers>(profile: TaxCountryProfile, identifiers: T): T {
  if (profile === 'OTHER') return identifiers;
  const compact = (value: string | null | undefined) => (value ? compactIdentifier(value) : value);
  return {
    ...identifiers,
    siren: compact(identifiers.siren),
    siret: compact(identifiers.siret),
    vatNumber: compact(identifiers.vatNumber),
    ice: compact(identifiers.ice),
    commercialRegistration: compact(identifiers.commercialRegistration),
  };
}

/** Every problem of the identifiers under the profile's rules (empty: all good). Expects normalized values. */
export function checkLegalIdentifiers(profile: TaxCountryProfile, identifiers: CheckedIdentifiers): IdentifierProblem[] {
  const problems: IdentifierProblem[] = [];
  const refuse = (field: keyof CheckedIdentifiers, message: LegalIdentifierMessage) => problems.push({ field, message });
  const { siren, siret, vatNumber, ice, commercialRegistration } = identifiers;
  switch (profile) {
    case 'FR': {
      const sirenOk = !siren || isValidSiren(siren);
      if (!sirenOk) refuse('siren', 'siren');
      if (siret) {
        if (!isValidSiret(siret)) refuse('siret', 'siret');
        else if (siren && sirenOk && !siret.startsWith(siren)) refuse('siret', 'siretNotOfSiren');
      }
      if (vatNumber) {
        if (!isValidFrenchVatNumber(vatNumber)) refuse('vatNumber', 'frVatNumber');
        else if (siren && sirenOk && vatNumber.slice(4) !== siren) refuse('vatNumber', 'frVatNotOfSiren');
      }
      break;
    }
    case 'MA':
      if (ice && !/^\d{15}$/.test(ice)) refuse('ice', 'ice');
      break;
    case 'SA':
      if (vatNumber && !/^3\d{13}3$/.test(vatNumber)) refuse('vatNumber', 'saVatNumber');
      if (commercialRegistration && !/^\d{10}$/.test(commercialRegistration)) refuse('commercialRegistration', 'saCommercialRegistration');
      break;
    case 'AE':
      if (vatNumber && !/^\d{15}$/.test(vatNumber)) refuse('vatNumber', 'aeTrn');
      break;
    case 'OTHER':
      break;
  }
  return problems;
}
