// The top of a detail screen (a customer, a vehicle): the way back, then a card with the picture, what the
// screen is about (the screen's own title, badges and facts, stacked) and the actions.
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent } from './ui/card.tsx';

export interface Back {
  to: string;
  label: string;
}

export function BackLink({ to, label }: Back) {
  return (
    <Link to={to} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
      {label}
    </Link>
  );
}

/** `back` is left out where breadcrumbs above the header show the way back (the client area). */
export function PageHeader({
  back,
  picture,
  actions,
  children,
}: {
  back?: Back;
  picture: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {back && <BackLink {...back} />}
      <Card>
        <CardContent className="flex flex-col gap-5 pt-6 md:flex-row md:items-start">
          {picture}
          <div className="flex min-w-0 flex-1 flex-col gap-4">{children}</div>
          <div className="flex flex-wrap gap-2 md:flex-col">{actions}</div>
        </CardContent>
      </Card>
    </>
  );
}
