// Which legal identifiers a country profile shows (on the shop's legal identity and on a business customer):
// the keys of legalIdentifiersSchema. Other countries get free "label: value" lines instead.
import type { LegalIdentifiers } from '@garage/shared/schemas/tax';
import { TAX_PROFILE_DEFAULTS } from '@garage/shared/tax-profiles';
import type { TaxCountryProfile } from '@garage/shared/tax-rules';

export type IdentifierKey = Exclude<keyof LegalIdentifiers, 'other'>;

/** The shop's fields, in the order an invoice prints them (the profile's one definition, tax-profiles.ts). */
export const SHOP_IDENTIFIERS = (profile: TaxCountryProfile): readonly IdentifierKey[] => TAX_PROFILE_DEFAULTS[profile].identifierFields;

/**
 * A business customer's fields: what a buyer's invoice must show (France: SIREN and intra-community VAT
 * number; Morocco: ICE; Saudi Arabia: VAT number and CR; the Emirates: TRN).
 */
export const CUSTOMER_IDENTIFIERS: Record<TaxCountryProfile, readonly IdentifierKey[]> = {
  FR: ['siren', 'vatNumber'],
  MA: ['ice', 'fiscalId'],
  SA: ['vatNumber', 'commercialRegistration'],
  AE: ['vatNumber'],
  OTHER: [],
};

/** Identifiers typed as digits (a numeric keyboard on a phone). */
export const NUMERIC_IDENTIFIERS: ReadonlySet<IdentifierKey> = new Set(['siren', 'siret', 'ice', 'fiscalId', 'commercialRegistration']);

export const EMPTY_IDENTIFIERS: LegalIdentifiers = {
  siren: null,
  siret: null,
  vatNumber: null,
  rcs: null,
  shareCapital: null,
  ice: null,
  fiscalId: null,
  tradeRegister: null,
  patente: null,
  commercialRegistration: null,
  other: [],
};

/**
 * The identifiers a form sends: those its profile shows, the others emptied (free lines only for OTHER).
 * Another country's numbers left in hidden fields would be checked by the new country's rules, and printed nowhere.
 */
export function identifiersShownBy(
  profile: TaxCountryProfile,
  shown: readonly IdentifierKey[],
  identifiers: LegalIdentifiers,
): LegalIdentifiers {
  const result: LegalIdentifiers = { ...EMPTY_IDENTIFIERS, other: profile === 'OTHER' ? identifiers.other : [] };
  for (const key of shown) result[key] = identifiers[key];
  return result;
}
