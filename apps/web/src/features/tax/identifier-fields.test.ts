import { describe, expect, it } from 'vitest';
import { CUSTOMER_IDENTIFIERS, EMPTY_IDENTIFIERS, SHOP_IDENTIFIERS, identifiersShownBy } from './identifier-fields.ts';

const typed = {
  ...EMPTY_IDENTIFIERS,
  siren: '443061841',
  siret: '44306184100047',
  ice: '001525478000089',
  vatNumber: 'FR12443061841',
  other: [{ label: 'Tax ID', value: '42' }],
};

describe('identifiersShownBy', () => {
  it('keeps what the profile shows and empties the rest', () => {
    const french = identifiersShownBy('FR', SHOP_IDENTIFIERS('FR'), typed);
    expect(french).toMatchObject({ siren: '443061841', siret: '44306184100047', vatNumber: 'FR12443061841', ice: null, other: [] });
    const moroccan = identifiersShownBy('MA', SHOP_IDENTIFIERS('MA'), typed);
    expect(moroccan).toMatchObject({ ice: '001525478000089', siren: null, siret: null, vatNumber: null, other: [] });
  });

  it('keeps the free lines only for other countries', () => {
    expect(identifiersShownBy('OTHER', SHOP_IDENTIFIERS('OTHER'), typed)).toEqual({ ...EMPTY_IDENTIFIERS, other: typed.other });
  });

  it('asks a business customer fewer identifiers than the shop', () => {
    expect(identifiersShownBy('FR', CUSTOMER_IDENTIFIERS.FR, typed)).toMatchObject({ siren: '443061841', siret: null });
  });
});
