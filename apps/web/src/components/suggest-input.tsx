// A text input with suggestions (static data): pick one of the shop's names or type another.
import { useId } from 'react';
import type * as React from 'react';
import { Input } from './ui/input.tsx';

export function SuggestInput({ options, ...props }: React.ComponentProps<typeof Input> & { options: readonly string[] }) {
  const listId = useId();
  return (
    <>
      <Input list={listId} autoComplete="off" {...props} />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
    </>
  );
}
