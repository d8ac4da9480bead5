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
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
