import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/utils.ts';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        outline: 'text-foreground',
        // Status tones: the one definition of what a state looks like (visit, payment, task, priority, payment
        // record, verified, oil due). Text is the -800 shade on a 15% tint (-300 on dark): at least 4.5:1 (WCAG AA)
        // over the card and page backgrounds; the -700 shades measured 4.09:1 to 4.48:1.
        neutral: 'border-transparent bg-muted text-muted-foreground',
        info: 'border-transparent bg-sky-500/15 text-sky-800 dark:text-sky-300',
        progress: 'border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300',
        success: 'border-transparent bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
        accent: 'border-transparent bg-violet-500/15 text-violet-800 dark:text-violet-300',
        danger: 'border-transparent bg-red-500/15 text-red-800 dark:text-red-300',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  asChild = false,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'span';
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
