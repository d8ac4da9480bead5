// Star pictures for ratings: a read-only row (lists, testimonials) and the accessible 1-5 picker of the
// rating form (native radio buttons: arrow keys move, space selects; each is named "4 of 5 stars: Good").
// No shared-package imports: the home page's testimonials use this too.
import { Star } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/utils.ts';

const FIVE = [1, 2, 3, 4, 5] as const;

export function StarRow({ stars, className, label }: { stars: number; className?: string; label: string }) {
  return (
    <span role="img" aria-label={label} className={cn('inline-flex shrink-0 items-center gap-0.5', className)}>
      {FIVE.map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn('size-4', n <= Math.round(stars) ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/35')}
        />
      ))}
    </span>
  );
}

export function StarPicker({
  name,
  value,
  onChange,
  onBlur,
  optionLabel,
  invalid,
  describedBy,
  labelledBy,
}: {
  name: string;
  value: number | undefined;
  onChange: (stars: number) => void;
  onBlur?: () => void;
  optionLabel: (stars: number) => string;
  invalid?: boolean;
  describedBy?: string;
  labelledBy: string;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className="flex items-center gap-1"
      onMouseLeave={() => setHover(null)}
    >
      {FIVE.map((n) => (
        <label key={n} className="group relative cursor-pointer rounded-md p-0.5" onMouseEnter={() => setHover(n)}>
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            onBlur={onBlur}
            aria-label={optionLabel(n)}
            className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
            data-testid={`star-${n}`}
          />
          <Star
            aria-hidden="true"
            className={cn(
              'size-9 rounded-md transition-transform peer-focus-visible:ring-3 peer-focus-visible:ring-ring/60 group-hover:scale-110',
              n <= shown ? 'fill-amber-400 text-amber-400' : invalid ? 'text-destructive/50' : 'text-muted-foreground/40',
            )}
          />
        </label>
      ))}
    </div>
  );
}
