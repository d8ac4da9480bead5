// An amount typed in currency units ("89.50"), held by the form as integer cents (the shared schemas'
// unit). An empty or unreadable entry gives undefined, so the schema reports it as required / not a number.
import { useEffect, useState, type ComponentProps } from 'react';
import { Input } from './ui/input.tsx';

export function centsFromText(text: string): number | undefined {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (normalized === '') return undefined;
  if (!/^\d+(\.\d{0,2})?$/.test(normalized)) return Number.NaN;
  return Math.round(Number(normalized) * 100);
}

const textFromCents = (cents: number | undefined | null) =>
  typeof cents === 'number' && Number.isFinite(cents) ? (cents / 100).toFixed(2) : '';

export function MoneyInput({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: number | undefined | null;
  onChange: (cents: number | undefined) => void;
}) {
  const [text, setText] = useState(() => textFromCents(value));
  // Follow outside changes (form reset) without fighting the user's typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside rewrites the text, not typing.
  useEffect(() => {
    if (centsFromText(text) !== value) setText(textFromCents(value));
  }, [value]);
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      dir="ltr"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(centsFromText(event.target.value));
      }}
    />
  );
}
