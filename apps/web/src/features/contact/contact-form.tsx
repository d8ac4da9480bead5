// The contact form (SPEC §2, §5): full name, email and message, all required, a valid email. Stores a
// ContactMessage; toasts 'Your message has been sent!' or 'Failed to send message. Please try again.'.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { contactMessageInputSchema, type ContactMessageInput } from '@garage/shared/schemas/contact';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldGroup, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';

const EMPTY: ContactMessageInput = { fullName: '', email: '', message: '', website: '' };

export function ContactForm({ defaultValues }: { defaultValues?: Partial<ContactMessageInput> }) {
  const { t } = useTranslation(['contact', 'common']);
  const form = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageInputSchema),
    defaultValues: { ...EMPTY, ...defaultValues },
    mode: 'onTouched',
  });
  const send = useMutation({
    mutationFn: (values: ContactMessageInput) => apiRequest<{ id: string }>('/contact', { method: 'POST', json: values }),
    onSuccess: () => {
      toast.success(t('common:messages.messageSent'));
      form.reset({ ...EMPTY, ...defaultValues });
    },
    onError: (error) => {
      applyServerFieldErrors(form.setError, error, t);
      toast.error(t('common:messages.messageSendFailed'));
    },
  });

  const fields = [
    { name: 'fullName', autoComplete: 'name', type: 'text' },
    { name: 'email', autoComplete: 'email', type: 'email' },
  ] as const;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} data-testid="contact-form" aria-label={t('title')}>
      <FieldGroup>
        <div className="grid gap-5 sm:grid-cols-2">
          {fields.map((field) => (
            <Controller
              key={field.name}
              control={form.control}
              name={field.name}
              render={({ field: input, fieldState }) => (
                <Field data-invalid={fieldState.invalid}>
                  <FieldLabel htmlFor={`contact-${field.name}`}>{t(field.name)}</FieldLabel>
                  <Input
                    {...input}
                    id={`contact-${field.name}`}
                    type={field.type}
                    dir={field.type === 'email' ? 'ltr' : undefined}
                    autoComplete={field.autoComplete}
                    placeholder={t(`${field.name}Placeholder`)}
                    aria-invalid={fieldState.invalid}
                    aria-describedby={fieldState.error ? `contact-${field.name}-error` : undefined}
                  />
                  <FieldError id={`contact-${field.name}-error`} errors={[fieldState.error]} />
                </Field>
              )}
            />
          ))}
        </div>
        <Controller
          control={form.control}
          name="message"
          render={({ field: input, fieldState }) => (
            <Field data-invalid={fieldState.invalid}>
              <FieldLabel htmlFor="contact-message">{t('message')}</FieldLabel>
              <Textarea
                {...input}
                id="contact-message"
                rows={5}
                placeholder={t('messagePlaceholder')}
                className="min-h-32"
                aria-invalid={fieldState.invalid}
                aria-describedby={fieldState.error ? 'contact-message-error' : undefined}
              />
              <FieldError id="contact-message-error" errors={[fieldState.error]} />
            </Field>
          )}
        />
        {/* Honeypot: invisible to people and assistive technology, filled only by bots (the API then stores nothing). */}
        <div aria-hidden="true" className="sr-only">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-sm text-muted-foreground">{t('privacyNote')}</p>
          <Button type="submit" size="lg" disabled={send.isPending} data-testid="contact-submit">
            {send.isPending ? <Spinner label={t('sending')} /> : <Send className="rtl:-scale-x-100" aria-hidden="true" />}
            {send.isPending ? t('sending') : t('send')}
          </Button>
        </div>
      </FieldGroup>
    </form>
  );
}
