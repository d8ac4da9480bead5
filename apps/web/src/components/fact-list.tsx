// Label and value rows (a definition list), laid out by the caller's grid. Values are isolated (<bdi>) so
// e-mails, phone numbers and Latin names keep their order in rtl.
import { cn } from '../lib/utils.ts';

export type Fact = [label: string, value: string];

export function FactList({ facts, className, valueClassName }: { facts: Fact[]; className: string; valueClassName?: string }) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={cn('break-words font-medium', valueClassName)}>
            {/* A value without letters (a phone, a number in digits) reads left to right in every language. Dates
                formatted in Arabic carry right-to-left marks (U+200F, U+061C) and keep their own direction. */}
            <bdi dir={/[\p{L}\u200f\u061c]/u.test(value) ? undefined : 'ltr'}>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
