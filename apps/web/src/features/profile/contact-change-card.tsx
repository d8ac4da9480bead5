// My email address and phone number. A new one is applied only once the code sent to it comes back: "Change"
// opens the new-address form, "Send code" mails (or texts) a code, and the card then shows the change as
// pending (also after a reload: the profile carries it) with the code boxes, a resend countdown and cancel.
// The current address stays in use until then.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail, Phone } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { OTP } from '@garage/shared/constants';
import { otpSchema } from '@garage/shared/schemas/auth';
import {
  emailChangeSchema,
  phoneChangeSchema,
  type AddressChannel,
  type EmailChangeInput,
  type PhoneChangeInput,
  type ProfileView,
} from '@garage/shared/schemas/profile';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { applyServerFieldErrors, errorMessageOf, messageCodeOf } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { OtpInput } from '../auth/index.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { useApplyProfile } from './use-apply-profile.ts';

export function ContactChangeCard({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation('profile');
  const { email, phone } = profile.pendingChanges;
  return (
    <Card data-testid="contact-card">
      <CardHeader>
        <CardTitle>{t('contact.title')}</CardTitle>
        <CardDescription>{t('contact.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col divide-y">
        <ChannelRow
          channel="email"
          icon={<Mail />}
          current={profile.email}
          pending={
            email && {
              to: email.email,
              expiresAt: email.expiresAt,
              resendAfterSeconds: email.resendAfterSeconds,
              resendWith: { email: email.email },
            }
          }
        />
        <ChannelRow
          channel="phone"
          icon={<Phone />}
          current={profile.phoneNumber ? `${profile.countryCode ?? ''} ${profile.phoneNumber}`.trim() : null}
          pending={
            phone && {
              to: `${phone.countryCode} ${phone.phoneNumber}`,
              expiresAt: phone.expiresAt,
              resendAfterSeconds: phone.resendAfterSeconds,
              resendWith: { countryCode: phone.countryCode, phoneNumber: phone.phoneNumber },
            }
          }
        />
      </CardContent>
    </Card>
  );
}

interface Pending {
  to: string;
  /** Changes with every new code. */
  expiresAt: string;
  resendAfterSeconds: number;
  /** What "send a new code" asks for again. */
  resendWith: EmailChangeInput | PhoneChangeInput;
}

function ChannelRow({
  channel,
  icon,
  current,
  pending,
}: {
  channel: AddressChannel;
  icon: ReactNode;
  current: string | null;
  pending: Pending | null;
}) {
  const { t } = useTranslation('profile');
  const [editing, setEditing] = useState(false);
  return (
    <section className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid={`contact-${channel}`}>
      {/* The button stays beside the address on a phone; a long address breaks instead. */}
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <span className="text-muted-foreground [&_svg]:size-5" aria-hidden="true">
            {icon}
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium">{t(`contact.${channel}.label`)}</p>
            <p className="text-sm break-all text-muted-foreground" data-testid={`contact-${channel}-current`}>
              {current ? <bdi dir="ltr">{current}</bdi> : t(`contact.${channel}.none`)}
            </p>
          </div>
        </div>
        {!pending && !editing && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="shrink-0"
            onClick={() => setEditing(true)}
            data-testid={`contact-${channel}-change`}
          >
            {t(current ? 'contact.change' : 'contact.add')}
          </Button>
        )}
      </div>
      {pending ? (
        // A new code (new expiry) starts afresh: empty boxes, a new resend countdown.
        <PendingCode key={`${pending.to}-${pending.expiresAt}`} channel={channel} pending={pending} />
      ) : editing ? (
        channel === 'email' ? (
          <EmailForm onDone={() => setEditing(false)} />
        ) : (
          <PhoneForm onDone={() => setEditing(false)} />
        )
      ) : null}
    </section>
  );
}

function FormButtons({ channel, busy, onCancel }: { channel: AddressChannel; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="ghost" onClick={onCancel}>
        {t('contact.cancel')}
      </Button>
      <Button type="submit" disabled={busy} data-testid={`contact-${channel}-send`}>
        {busy && <Spinner />}
        {t('contact.sendCode')}
      </Button>
    </div>
  );
}

function EmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['profile', 'users', 'validation', 'fields']);
  const trpc = useTRPC();
  const applyProfile = useApplyProfile();
  const request = useMutation(trpc.profile.requestEmailChange.mutationOptions());
  const { register, handleSubmit, setError, formState } = useForm<EmailChangeInput>({ resolver: zodResolver(emailChangeSchema) });
  const submit = handleSubmit(async (data) => {
    try {
      await applyProfile(await request.mutateAsync(data));
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(setError, error, t)) toast.error(errorMessageOf(t, error) ?? t('profile:contact.failed'));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field data-invalid={!!formState.errors.email}>
        <FieldLabel htmlFor="contact-new-email">{t('profile:contact.email.new')}</FieldLabel>
        <Input
          id="contact-new-email"
          type="email"
          autoComplete="email"
          dir="ltr"
          autoFocus
          aria-invalid={!!formState.errors.email}
          {...register('email')}
        />
        <FieldError errors={[formState.errors.email]} />
      </Field>
      <p className="text-xs text-muted-foreground">{t('profile:contact.email.hint')}</p>
      <FormButtons channel="email" busy={request.isPending} onCancel={onDone} />
    </form>
  );
}

function PhoneForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['profile', 'users', 'validation', 'fields']);
  const trpc = useTRPC();
  const applyProfile = useApplyProfile();
  const request = useMutation(trpc.profile.requestPhoneChange.mutationOptions());
  const { register, handleSubmit, setError, formState } = useForm<PhoneChangeInput>({ resolver: zodResolver(phoneChangeSchema) });
  const submit = handleSubmit(async (data) => {
    try {
      await applyProfile(await request.mutateAsync(data));
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(setError, error, t)) toast.error(errorMessageOf(t, error) ?? t('profile:contact.failed'));
    }
  });
  const errors = formState.errors;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <Field data-invalid={!!errors.countryCode}>
          <FieldLabel htmlFor="contact-new-country-code">{t('users:fields.countryCode')}</FieldLabel>
          <Input
            id="contact-new-country-code"
            inputMode="tel"
            placeholder="+1"
            dir="ltr"
            aria-invalid={!!errors.countryCode}
            {...register('countryCode')}
          />
          <FieldError errors={[errors.countryCode]} />
        </Field>
        <Field data-invalid={!!errors.phoneNumber}>
          <FieldLabel htmlFor="contact-new-phone">{t('profile:contact.phone.new')}</FieldLabel>
          <Input
            id="contact-new-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            dir="ltr"
            aria-invalid={!!errors.phoneNumber}
            {...register('phoneNumber')}
          />
          <FieldError errors={[errors.phoneNumber]} />
        </Field>
      </div>
      <p className="text-xs text-muted-foreground">{t('profile:contact.phone.hint')}</p>
      <FormButtons channel="phone" busy={request.isPending} onCancel={onDone} />
    </form>
  );
}

function PendingCode({ channel, pending }: { channel: AddressChannel; pending: Pending }) {
  const { t } = useTranslation(['profile', 'auth', 'validation']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const applyProfile = useApplyProfile();
  const { to, resendAfterSeconds, resendWith } = pending;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const countdown = useCountdown(resendAfterSeconds);
  const confirm = useMutation(trpc.profile.confirmContactChange.mutationOptions());
  const cancel = useMutation(trpc.profile.cancelContactChange.mutationOptions());
  const resendEmail = useMutation(trpc.profile.requestEmailChange.mutationOptions());
  const resendPhone = useMutation(trpc.profile.requestPhoneChange.mutationOptions());
  const resending = resendEmail.isPending || resendPhone.isPending;
  const labelId = `contact-${channel}-code-label`;

  async function verify(candidate: string) {
    const parsed = otpSchema.safeParse(candidate);
    if (!parsed.success) return setProblem(t('validation:otpDigits', { defaultValue: parsed.error.issues[0]?.message }));
    setProblem(null);
    try {
      await applyProfile(await confirm.mutateAsync({ channel, otp: parsed.data }));
      toast.success(t(`profile:contact.${channel}.changed`));
    } catch (error) {
      const code = messageCodeOf(error);
      const message = errorMessageOf(t, error) ?? t('profile:contact.failed');
      setProblem(message);
      // A used-up code cannot be retried: clear the boxes so the next step is "send a new code".
      if (code === 'auth.codeLocked') setCode('');
      // The address was taken meanwhile, or the change is gone: show the card as it now is.
      if (code !== 'auth.codeInvalid' && code !== 'auth.codeLocked') {
        toast.error(message);
        await queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() });
      }
    }
  }

  async function resend() {
    setProblem(null);
    try {
      const saved = 'email' in resendWith ? await resendEmail.mutateAsync(resendWith) : await resendPhone.mutateAsync(resendWith);
      setCode('');
      await applyProfile(saved);
      toast.success(t('profile:contact.resent'));
    } catch (error) {
      setProblem(errorMessageOf(t, error) ?? t('profile:contact.failed'));
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify(code);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-lg border bg-muted/40 p-4"
      data-testid={`contact-${channel}-pending`}
    >
      <p className="text-sm">
        {t(`profile:contact.${channel}.sent`, { minutes: Math.round(OTP.ttlSeconds / 60) })}{' '}
        <bdi dir="ltr" className="font-medium break-all" data-testid={`contact-${channel}-pending-to`}>
          {to}
        </bdi>
      </p>
      <div className="flex flex-col gap-2">
        <p id={labelId} className="text-sm font-medium">
          {t('profile:contact.codeLabel')}
        </p>
        <OtpInput
          value={code}
          onChange={(value) => {
            setCode(value);
            setProblem(null);
          }}
          onComplete={(value) => void verify(value)}
          invalid={!!problem}
          disabled={confirm.isPending}
          labelledBy={labelId}
          describedBy={problem ? `contact-${channel}-code-error` : undefined}
        />
        {problem && (
          <p
            id={`contact-${channel}-code-error`}
            role="alert"
            className="text-center text-sm text-destructive"
            data-testid={`contact-${channel}-error`}
          >
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-end">
        <Button
          type="button"
          variant="ghost"
          disabled={cancel.isPending}
          onClick={async () => {
            try {
              await applyProfile(await cancel.mutateAsync({ channel }));
            } catch (error) {
              toast.error(errorMessageOf(t, error) ?? t('profile:contact.failed'));
            }
          }}
          data-testid={`contact-${channel}-cancel`}
        >
          {t('profile:contact.cancelChange')}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={countdown.remaining > 0 || resending}
          onClick={() => void resend()}
          data-testid={`contact-${channel}-resend`}
        >
          {resending && <Spinner />}
          {countdown.remaining > 0 ? t('profile:contact.resendIn', { seconds: countdown.remaining }) : t('profile:contact.resend')}
        </Button>
        <Button type="submit" disabled={confirm.isPending || code.length !== OTP.length} data-testid={`contact-${channel}-confirm`}>
          {confirm.isPending && <Spinner />}
          {t('profile:contact.confirm')}
        </Button>
      </div>
    </form>
  );
}
