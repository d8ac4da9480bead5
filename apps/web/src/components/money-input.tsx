// An amount typed in currency units ("89.50", "12.345" in KWD, "1500" in JPY), held by the form as integer minor
// units (the shared schemas' `*Cents`). The decimals accepted follow the currency (@garage/shared/money): the
// shop's by default, or the one the form names (a catalogue item has its own). An empty entry gives undefined
// and an unreadable one (letters, more decimals than the currency has) NaN, so the schema reports it as
// required / not a number.
import { formatMinorPlain, parseMajorToMinor } from '@garage/shared/money';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useBranding } from '../features/branding/index.ts';
import { Input } from './ui/input.tsx';

/** What was typed, as minor units of the currency; spaces between digits ("1 250") are allowed. */
export function minorFromText(text: string, currency: string): number | undefined {
  const compact = text.replace(/\s/g, '');
  if (compact === '') return undefined;
  return parseMajorToMinor(compact, currency) ?? Number.NaN;
}

export const textFromMinor = (minor: number | undefined | null, currency: string) =>
  typeof minor === 'number' && Number.isFinite(minor) ? formatMinorPlain(minor, currency) : '';

export function MoneyInput({
  value,
  onChange,
  currency: currencyProp,
  placeholder,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: number | undefined | null;
  onChange: (cents: number | undefined) => void;
  /** The amount's currency; the shop's when left out. */
  currency?: string;
}) {
  const { merchant } = useBranding();
  const currency = (currencyProp || merchant.currency || 'USD').toUpperCase();
  const [text, setText] = useState(() => textFromMinor(value, currency));
  // Follow outside changes (form reset) without fighting the user's typing (Object.is: an unreadable entry,
  // NaN, is what the user typed, not a change to undo).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside rewrites the text, not typing.
  useEffect(() => {
    if (!Object.is(minorFromText(text, currency), value ?? undefined)) setText(textFromMinor(value, currency));
  }, [value]);
  // Another currency (a catalogue item's currency field): what is written keeps its meaning, "12.5" is now
  // 12.5 of the new currency, so the amount is read again.
  const shownCurrency = useRef(currency);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of currency re-reads the text.
  useEffect(() => {
    if (shownCurrency.current === currency) return;
    shownCurrency.current = currency;
    const minor = minorFromText(text, currency);
    if (!Object.is(minor, value ?? undefined)) onChange(minor);
  }, [currency]);
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      dir="ltr"
      // "0.000" in KWD, "0" in JPY: the format expected, unless the screen says something else.
      placeholder={placeholder ?? formatMinorPlain(0, currency)}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(minorFromText(event.target.value, currency));
      }}
    />
  );
}
