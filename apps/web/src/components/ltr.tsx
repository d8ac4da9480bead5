// Left-to-right islands inside any text: phone numbers, times and opening-hour ranges, plates, VINs,
// kilometres, counts like "18+" or "4,200+", dates written with digits. In Arabic (right-to-left) the bidi
// algorithm would otherwise move a trailing "+" to the front, swap the two ends of "08:00-18:00" and put a
// phone's country code at the end. <bdi dir="ltr"> isolates the value: it keeps its own order and does not
// reorder the text around it. For a value inside a translated sentence (a string, not an element) use
// `isolateLtr` from lib/money.ts. Text that people typed (names, notes, titles) is not an island: give its
// element `dir="auto"` so it takes the direction of its own first letter (styles.css lines it up with the
// page all the same).
import { plateInOrder } from '@garage/shared/plates';
import type { ReactNode } from 'react';

/** A plain text child keeps its written order even around Arabic letters (a Moroccan plate "12345 أ 6"). */
export function Ltr({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <bdi dir="ltr" className={className} data-slot="ltr" data-testid={testId}>
      {typeof children === 'string' ? plateInOrder(children) : children}
    </bdi>
  );
}

// A run of digits with what binds them: separators inside a number ("4,200", "08:00"), a range
// ("08:00–18:00", "8 - 18"), digit groups of a phone ("+1 555 010 0200") and a leading or trailing "+".
const NUMERIC_RUN = /\+?\d(?:[\d.,:/]|[ \u00a0]?[-–—][ \u00a0]?(?=\+?\d)|[ \u00a0](?=\d))*\+?/g;

/**
 * Free text that mixes words and numbers (opening hours typed by the shop: "الاثنين – الجمعة 08:00–18:00"):
 * each numeric run is put in a left-to-right isolate (U+2066 … U+2069), the words keep the text's direction.
 */
export function isolateNumbers(text: string): string {
  return text.replace(NUMERIC_RUN, (run) => `\u2066${run}\u2069`);
}
