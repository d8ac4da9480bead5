// Form layout for react-hook-form (shadcn's Field pattern). FieldError renders validation codes and the
// API's field messages in the current language (lib/form-errors.ts).
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/form-errors.ts';
import { cn } from '../../lib/utils.ts';
import { Label } from './label.tsx';

export function FieldSet({ className, ...props }: React.ComponentProps<'fieldset'>) {
  return <fieldset data-slot="field-set" className={cn('flex flex-col gap-6', className)} {...props} />;
}

export function FieldLegend({ className, ...props }: React.ComponentProps<'legend'>) {
  return <legend data-slot="field-legend" className={cn('mb-3 text-base font-medium', className)} {...props} />;
}

export function FieldGroup({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="field-group" className={cn('flex w-full flex-col gap-5', className)} {...props} />;
}

const fieldVariants = cva('group/field flex w-full gap-2 data-[invalid=true]:text-destructive', {
  variants: {
    orientation: {
      vertical: 'flex-col [&>*]:w-full',
      horizontal: 'flex-row items-center [&>[data-slot=field-label]]:flex-auto',
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

export function Field({ className, orientation, ...props }: React.ComponentProps<'div'> & VariantProps<typeof fieldVariants>) {
  return (
    <div
      role="group"
      data-slot="field"
      data-orientation={orientation}
      className={cn(fieldVariants({ orientation }), className)}
      {...props}
    />
  );
}

export function FieldLabel({ className, ...props }: React.ComponentProps<typeof Label>) {
  return <Label data-slot="field-label" className={cn('group-data-[disabled=true]/field:opacity-50', className)} {...props} />;
}

export function FieldDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p data-slot="field-description" className={cn('text-sm leading-normal font-normal text-muted-foreground', className)} {...props} />
  );
}

/** Shows the (translated) messages of a field: codes of the shared schemas, or API messages already rendered. */
export function FieldError({
  className,
  children,
  errors,
  ...props
}: React.ComponentProps<'div'> & { errors?: ReadonlyArray<{ message?: string } | undefined> }) {
  const { t } = useTranslation(['validation', 'fields', 'common']);
  const messages = [...new Set((errors ?? []).map((error) => error?.message).filter((m): m is string => !!m))].map((message) =>
    translateMessage(t, message),
  );
  const content =
    children ??
    (messages.length === 1 ? (
      messages[0]
    ) : messages.length > 1 ? (
      <ul className="ms-4 flex list-disc flex-col gap-1">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    ) : null);
  if (!content) return null;
  return (
    <div role="alert" data-slot="field-error" className={cn('text-sm font-normal text-destructive', className)} {...props}>
      {content}
    </div>
  );
}
