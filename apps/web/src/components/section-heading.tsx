import type { ReactNode } from 'react';
import { clsx as cn } from 'clsx';

export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  className,
}: {
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto mb-10 max-w-2xl text-center', className)}>
      {eyebrow && <p className="mb-3 text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-lg text-pretty text-muted-foreground">{subtitle}</p>}
    </div>
  );
}
