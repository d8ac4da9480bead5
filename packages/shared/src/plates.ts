// Plates across scripts (issue #28). A plate is stored as typed (Vehicle.plateNumber) and under a KEY
// (Vehicle.plateNormalized) that makes `12345 أ 6`, `12345-أ-6`, `12345 a 6`, `١٢٣٤٥ أ ٦` and `12345|A|6` the same
// car, for uniqueness and for every "find the vehicle by its plate" path (staff search, appointments, imports).
//
// The key, character by character (normalizePlate):
// - digits: Arabic-Indic ٠-٩ and Eastern Arabic-Indic (Persian) ۰-۹ become 0-9;
// - separators and invisible marks are dropped: every space (NBSP too), - | / \ · • . _ and the dashes,
//   the Arabic tatweel, the bidi marks (LRM, RLM, ALM, embeddings, isolates), zero-width characters, and the
//   Arabic diacritics (harakat, a decomposed hamza or madda);
// - Arabic letter variants become one form: أ إ آ ٱ ا → ا; ه ة ھ ہ → ه; ى ي ی ئ → ى (the Saudi table's V letter
//   is ى, so ى is the key and the yeh typed on most keyboards joins it); Persian ک → ك;
// - Latin letters: a-z upper-cased; every Latin letter that is an alias in the Moroccan or the Saudi table
//   becomes its ARABIC letter (LATIN_ALIASES); other Latin letters stay Latin. Other scripts are left as typed.
//
// The consequence, accepted: the key is the same for `AB123` and `اب123`, and for a French `AB-123-CD` and
// `اب-123-Cد`. A shop rarely has both cars; when it has, the second one is refused as plateTaken (409).
// Letters that share an Arabic key (O and U and a lone W → و, M and Z → م, V and Y → ى) make `AB 123 OD` and
// `AB 123 UD` one key too: the same trade, for the same reason.
//
// The key is order-sensitive. On a Saudi plate the Latin letters are printed left to right under the Arabic
// ones, so the Arabic line read right to left gives the letters (and the letters-then-digits groups) in the
// mirror order of the Latin line: `1234 ABJ` is read `ح ب ا ١٢٣٤`. The key does not reorder (no guessing of
// formats); staff search also tries the mirrored key (mirrorPlateKey), so either reading finds the car.
//
// The same key is computed in SQL by plate_key(text) (migration 20261129130000_plate_key_across_scripts), used
// to recompute existing rows; apps/api/test/plates-sql.test.ts checks that the two agree on generated plates.
// Changing a table here means a new migration that replaces plate_key and recomputes the keys.

// Moroccan series letters (sources: en.wikipedia "Vehicle registration plates of Morocco", allocated so far
// أ ب د ه و ط ي with Latin A B D H E T Y; it.wikipedia gives أ A, ب B, د D, هـ H, و O, ط T; the usual
// transliteration of و is W; state vehicles carry M (or المغرب), local authorities ج or J; NARSA's rule for
// plates driven abroad (arrêté 2711.10, article 28) asks for "the corresponding Latin capitals" without a table).
// The sources disagree on و (E, O or W) and some write E for ه: so the key is the Arabic letter, with every
// Latin form seen accepted unless it conflicts with the Saudi table (below). "WW" is a Latin series in Morocco
// (new vehicles awaiting their number, "WW 123456"): a W next to another W stays Latin, only a lone W is و.
const MOROCCAN_ALIASES: Record<string, string> = { A: 'ا', B: 'ب', D: 'د', H: 'ه', O: 'و', W: 'و', T: 'ط', Y: 'ى', M: 'م' };

// Saudi plates: the fixed 17-letter table printed on every plate since 2007 (General Directorate of Traffic;
// en.wikipedia "Vehicle registration plates of Saudi Arabia").
// biome-ignore format: the table reads as the sources print it
const SAUDI_ALIASES: Record<string, string> = {
  A: 'ا', B: 'ب', J: 'ح', D: 'د', R: 'ر', S: 'س', X: 'ص', T: 'ط', E: 'ع',
  G: 'ق', K: 'ك', L: 'ل', Z: 'م', N: 'ن', H: 'ه', U: 'و', V: 'ى',
};

// Where the two tables disagree on a Latin letter, Saudi wins: its table is statutory, fixed and printed on the
// plate itself, while the Moroccan Latin forms differ between sources. So E is ع (not the ه or و some Moroccan
// sources write), and J is ح (the Moroccan local-authority ج has no Latin alias). A is ا in both once أ and ا
// are one letter.
export const LATIN_ALIASES: Readonly<Record<string, string>> = { ...MOROCCAN_ALIASES, ...SAUDI_ALIASES };

// biome-ignore format: one line per letter
const ARABIC_VARIANTS: Record<string, string> = {
  'أ': 'ا', 'إ': 'ا', 'آ': 'ا', 'ٱ': 'ا',
  'ة': 'ه', 'ھ': 'ه', 'ہ': 'ه',
  'ي': 'ى', 'ی': 'ى', 'ئ': 'ى',
  'ک': 'ك',
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** Dropped from the key: spaces of every kind, the usual separators, tatweel, bidi and zero-width marks, harakat. */
// biome-ignore format: one line per kind of character
export const PLATE_KEY_DROPPED = [
  ...range(0x09, 0x0d), ' ', '\u00a0', '\u1680', ...range(0x2000, 0x200a), '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff',
  '-', '|', '/', '\\', '\u00b7', '\u2022', '.', '_', ...range(0x2010, 0x2015), '\u2212',
  '\u0640',
  '\u200e', '\u200f', '\u061c', ...range(0x202a, 0x202e), ...range(0x2066, 0x2069),
  '\u200b', '\u200c', '\u200d', '\u2060',
  ...range(0x064b, 0x065f), '\u0670',
].join('');

/** Every character the key changes, with what it becomes ('' = dropped). The W rule is applied afterwards. */
export const PLATE_KEY_CHARACTERS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const digits of [range(0x0660, 0x0669), range(0x06f0, 0x06f9)]) {
    for (const [value, digit] of digits.entries()) map.set(digit, String(value));
  }
  for (const [variant, letter] of Object.entries(ARABIC_VARIANTS)) map.set(variant, letter);
  for (const upper of range(0x41, 0x5a)) {
    // W is kept as Latin W here: whether it is و depends on its neighbours (LONE_W).
    const target = upper === 'W' ? 'W' : (LATIN_ALIASES[upper] ?? upper);
    if (target !== upper) map.set(upper, target);
    map.set(upper.toLowerCase(), target);
  }
  for (const dropped of PLATE_KEY_DROPPED) map.set(dropped, '');
  return map;
})();

/** A W with no W next to it (after separators are dropped): the Moroccan و. "WW" stays Latin. */
const LONE_W = /(?<!W)W(?!W)/g;

/** The uniqueness and search key of a plate across scripts (see the header). */
export function normalizePlate(plate: string): string {
  let key = '';
  for (const character of plate) key += PLATE_KEY_CHARACTERS.get(character) ?? character;
  return key.replace(LONE_W, LATIN_ALIASES.W!);
}

/**
 * The key read in the other direction: the groups of digits and of letters in reverse order, each letter group
 * reversed, digits kept in their order (numbers read left to right in both scripts). For a Saudi plate,
 * `1234ابح` (typed from the Latin line) ↔ `حبا1234` (the Arabic line read right to left). Search only.
 */
export function mirrorPlateKey(key: string): string {
  const groups = key.match(/\d+|\D+/g) ?? [];
  return groups
    .reverse()
    .map((group) => (/\d/.test(group) ? group : [...group].reverse().join('')))
    .join('');
}

/** Separators typed between the parts of a plate: saved as one space (`12345-أ-6` → `12345 أ 6`). */
const TYPED_SEPARATORS = /[\s\-|/\\\u00b7\u2022._\u2010-\u2015\u2212]+/g;
/** Invisible marks a copy and paste brings along (bidi and zero-width): dropped. */
const INVISIBLE_MARKS = /[\u200b-\u200f\u061c\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** A plate as it is saved: invisible marks dropped, each run of separators one space, trimmed. */
export function tidyPlateInput(plate: string): string {
  return plate.replace(INVISIBLE_MARKS, '').replace(TYPED_SEPARATORS, ' ').trim();
}

/**
 * The usual format of a plate in a shop's country, shown as the plate field's placeholder: suggested, never
 * enforced (SPEC §5 accepts any letters and digits). The Saudi hint gives the Arabic letters in the same order
 * as the Latin ones, which is the order that makes both spellings one key.
 */
export const PLATE_FORMAT_HINTS: Readonly<Record<string, string>> = {
  MA: '12345 | أ | 6',
  SA: '1234 ABD / ١٢٣٤ أ ب د',
  AE: 'A 12345',
  FR: 'AB-123-CD',
  GB: 'AB12 CDE',
};

export function plateFormatHint(country: string | null | undefined): string | null {
  const hint = country && PLATE_FORMAT_HINTS[country.toUpperCase()];
  return hint ? plateInOrder(hint) : null;
}

/** The shop's country as far as its currency tells (the public merchant data carries no country). */
const COUNTRY_BY_CURRENCY: Readonly<Record<string, string>> = { MAD: 'MA', SAR: 'SA', AED: 'AE', EUR: 'FR', GBP: 'GB' };
export function plateCountryForCurrency(currency: string | null | undefined): string | null {
  return (currency && COUNTRY_BY_CURRENCY[currency.toUpperCase()]) || null;
}

/**
 * A plate shown left to right as on the car. The bidi algorithm reads a digit after an Arabic letter as an
 * Arabic number and turns "12345 أ 6" into "12345 6 أ" even inside a left-to-right island; a left-to-right
 * mark after each Arabic run stops it. normalizePlate drops the mark again, so a copied plate still matches.
 */
export const plateInOrder = (plate: string) => plate.replace(/(\p{Script=Arabic}+)/gu, '$1\u200e');
