import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

const TONES = {
  error: { icon: CircleAlert, className: 'border-destructive/40 bg-destructive/10 text-destructive' },
  success: { icon: CircleCheck, className: 'border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300' },
  info: { icon: Info, className: 'border-primary/30 bg-primary/5 text-foreground' },
} as const;

/** A message about the whole form: a title (the SPEC §8 sentence) and an optional detail line. */
export function AuthAlert({ tone = 'error', title, children }: { tone?: keyof typeof TONES; title: ReactNode; children?: ReactNode }) {
  const { icon: Icon, className } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={`auth-${tone}`}
      className={cn('flex gap-3 rounded-lg border p-3 text-sm', className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium">{title}</p>
        {children ? <p className="text-foreground/80">{children}</p> : null}
      </div>
    </div>
  );
}
