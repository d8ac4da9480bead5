import { Progress as ProgressPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/utils.ts';

export function Progress({ className, value, ...props }: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full w-full flex-1 translate-x-[calc(-1*var(--progress-rest))] bg-primary transition-all rtl:translate-x-(--progress-rest)"
        style={{ '--progress-rest': `${100 - (value ?? 0)}%` } as React.CSSProperties}
      />
    </ProgressPrimitive.Root>
  );
}
