import { describe, expect, it } from 'vitest';
import {
  checkLegalIdentifiers,
  frenchVatKey,
  isValidFrenchVatNumber,
  isValidSiren,
  isValidSiret,
  luhnValid,
  normalizeLegalIdentifiers,
} from './legal-identifiers.ts';

// 732 829 320 is the SIREN INSEE's documentation uses for the Luhn check; its head office is 00074.
const SIREN = '732829320';
const SIRET = '73282932000074';

describe('Luhn', () => {
  it('accepts a valid number and refuses one digit changed', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398714')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('12a')).toBe(false);
  });
});

describe('France', () => {
  it('checks SIREN and SIRET length and check digit', () => {
    expect(isValidSiren(SIREN)).toBe(true);
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiren('73282932')).toBe(false);
    expect(isValidSiret(SIRET)).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
  });

  it("accepts La Poste's establishments (sum of digits divisible by 5), not Luhn", () => {
    // 3+5+6+0…+0+1+4 = 19 → not; 3+5+6+0…+0+1+5+…: pick digits summing to a multiple of 5.
    expect(isValidSiret('35600000000014')).toBe(false);
    expect(isValidSiret('35600000000015')).toBe(true);
    expect(isValidSiret('35600000000048')).toBe(true);
  });

  it('computes the VAT key as (12 + 3 × (SIREN mod 97)) mod 97', () => {
    // 732829320 mod 97 = 43; (12 + 129) mod 97 = 44.
    expect(Number(SIREN) % 97).toBe(43);
    expect(frenchVatKey(SIREN)).toBe('44');
    expect(isValidFrenchVatNumber(`FR44${SIREN}`)).toBe(true);
    expect(isValidFrenchVatNumber(`FR45${SIREN}`)).toBe(false);
    expect(isValidFrenchVatNumber(`DE44${SIREN}`)).toBe(false);
  });

  it('names each bad identifier and ties SIRET and VAT number to the SIREN', () => {
    expect(checkLegalIdentifiers('FR', { siren: SIREN, siret: SIRET, vatNumber: `FR44${SIREN}` })).toEqual([]);
    expect(checkLegalIdentifiers('FR', { siret: '73282932000075' })).toEqual([{ field: 'siret', message: 'siret' }]);
    // A valid SIRET of another company (La Poste's head office) under this SIREN.
    expect(checkLegalIdentifiers('FR', { siren: SIREN, siret: '35600000000048' })).toEqual([
      { field: 'siret', message: 'siretNotOfSiren' },
    ]);
    const otherSiren = '356000000';
    expect(checkLegalIdentifiers('FR', { siren: SIREN, vatNumber: `FR${frenchVatKey(otherSiren)}${otherSiren}` })).toEqual([
      { field: 'vatNumber', message: 'frVatNotOfSiren' },
    ]);
    expect(checkLegalIdentifiers('FR', { siren: '123', vatNumber: 'FR00123' })).toEqual([
      { field: 'siren', message: 'siren' },
      { field: 'vatNumber', message: 'frVatNumber' },
    ]);
  });

  it('drops the separators people type', () => {
    const normalized = normalizeLegalIdentifiers('FR', { siren: '732 829 320', siret: '732.829.320-00074', vatNumber: 'fr 44 732829320' });
    expect(normalized).toMatchObject({ siren: SIREN, siret: SIRET, vatNumber: `FR44${SIREN}` });
    expect(checkLegalIdentifiers('FR', normalized)).toEqual([]);
  });
});

describe('other profiles', () => {
  it('Morocco: ICE is 15 digits', () => {
    expect(checkLegalIdentifiers('MA', { ice: '001234567000089' })).toEqual([]);
    expect(checkLegalIdentifiers('MA', { ice: '00123456700008' })).toEqual([{ field: 'ice', message: 'ice' }]);
  });

  it('Saudi Arabia: VAT 15 digits starting and ending with 3, CR 10 digits', () => {
    expect(checkLegalIdentifiers('SA', { vatNumber: '310122393500003', commercialRegistration: '1010010101' })).toEqual([]);
    expect(checkLegalIdentifiers('SA', { vatNumber: '210122393500003' })).toEqual([{ field: 'vatNumber', message: 'saVatNumber' }]);
    expect(checkLegalIdentifiers('SA', { vatNumber: '310122393500004' })).toEqual([{ field: 'vatNumber', message: 'saVatNumber' }]);
    expect(checkLegalIdentifiers('SA', { commercialRegistration: '101001010' })).toEqual([
      { field: 'commercialRegistration', message: 'saCommercialRegistration' },
    ]);
  });

  it('Emirates: TRN 15 digits', () => {
    expect(checkLegalIdentifiers('AE', { vatNumber: '100123456700003' })).toEqual([]);
    expect(checkLegalIdentifiers('AE', { vatNumber: '10012345670000' })).toEqual([{ field: 'vatNumber', message: 'aeTrn' }]);
  });

  it('other countries: free text, kept as typed', () => {
    expect(checkLegalIdentifiers('OTHER', { siren: 'anything', vatNumber: 'GB 123' })).toEqual([]);
    expect(normalizeLegalIdentifiers('OTHER', { vatNumber: 'GB 123' }).vatNumber).toBe('GB 123');
    // A French SIREN rule does not apply under another profile.
    expect(checkLegalIdentifiers('MA', { siren: '123' })).toEqual([]);
  });
});
