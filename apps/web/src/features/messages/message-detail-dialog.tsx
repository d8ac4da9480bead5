// One message: the whole text, who sent it (and their client file when they have one), the replies sent so
// far, and the ways to answer: the user's mail app (mailto: with address and subject filled) and, when the
// server has SMTP, a reply form that sends from the shop's address and records the reply.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, MailOpen, Send, Trash2, UserRound } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { replyInputSchema, type ContactMessageDetail, type ContactMessageView, type ReplyInput } from '@garage/shared/schemas/contact';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Separator } from '../../components/ui/separator.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useBranding } from '../branding/index.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useMessageActions } from './use-message-actions.ts';
import { Ltr } from '../../components/ltr.tsx';

interface Props {
  id: string | null;
  canReplyByEmail: boolean;
  onClose: () => void;
  onMarkRead: (message: ContactMessageView) => void;
  onDelete: (message: ContactMessageView) => void;
}

export function MessageDetailDialog({ id, canReplyByEmail, onClose, onMarkRead, onDelete }: Props) {
  const { t } = useTranslation(['messages', 'common']);
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.messages.get.queryOptions({ id: id ?? '' }), enabled: !!id });
  const message = detail.data;
  return (
    <Dialog open={!!id} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
        closeLabel={t('common:actions.close')}
        data-testid="message-dialog"
      >
        {detail.isPending ? (
          <>
            <DialogTitle className="sr-only">{t('title')}</DialogTitle>
            <DialogDescription className="sr-only">{t('subtitle')}</DialogDescription>
            <div className="flex flex-col gap-3">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-24 w-full" />
            </div>
          </>
        ) : detail.isError || !message ? (
          <>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription role="alert">{t('detail.loadFailed')}</DialogDescription>
          </>
        ) : (
          <MessageDetail message={message} canReplyByEmail={canReplyByEmail} onMarkRead={onMarkRead} onDelete={onDelete} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function MessageDetail({
  message,
  canReplyByEmail,
  onMarkRead,
  onDelete,
}: { message: ContactMessageDetail } & Pick<Props, 'canReplyByEmail' | 'onMarkRead' | 'onDelete'>) {
  const { t } = useTranslation(['messages', 'common']);
  const format = useFormatters();
  const { displayName } = useBranding();
  const { setRead } = useMessageActions();
  const subject = t('reply.subject', { shop: displayName });
  const mailto = `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(
    `${t('reply.greeting', { name: message.fullName })}\n\n\n> ${message.message.split('\n').join('\n> ')}`,
  )}`;
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex flex-wrap items-center gap-2">
          {t('detail.title', { name: message.fullName })}
          {!message.read && <Badge>{t('badges.unread')}</Badge>}
        </DialogTitle>
        <DialogDescription className="flex flex-wrap gap-x-3 gap-y-1">
          <Ltr>{message.email}</Ltr>
          <span>{t('detail.received', { date: format.dateTime(message.createdAt) })}</span>
          {message.readAt && <span>{t('detail.readOn', { date: format.dateTime(message.readAt) })}</span>}
        </DialogDescription>
      </DialogHeader>
      <p dir="auto" className="rounded-lg bg-muted/60 p-4 text-sm break-words whitespace-pre-wrap" data-testid="message-text">
        {message.message}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="default" size="sm">
          <a href={mailto} data-testid="reply-mailto">
            <Mail />
            {t('actions.replyByMail')}
          </a>
        </Button>
        {message.read ? (
          <Button variant="outline" size="sm" onClick={() => setRead.mutate({ id: message.id, read: false })} disabled={setRead.isPending}>
            <Mail />
            {t('actions.markUnread')}
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => onMarkRead(message)} data-testid="detail-mark-read">
            <MailOpen />
            {t('actions.markRead')}
          </Button>
        )}
        {message.user && (
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/users/${message.user.id}`}>
              <UserRound />
              {t('actions.viewClient')}
            </Link>
          </Button>
        )}
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => onDelete(message)}>
          <Trash2 />
          {t('actions.delete')}
        </Button>
      </div>

      {message.replies.length > 0 && (
        <section aria-labelledby="replies-title" className="flex flex-col gap-2">
          <Separator />
          <h3 id="replies-title" className="text-sm font-semibold">
            {t('detail.replies')}
          </h3>
          <ol className="flex flex-col gap-2">
            {message.replies.map((reply) => (
              <li key={reply.id} className="rounded-lg border p-3 text-sm">
                <p className="font-medium">{reply.subject}</p>
                <p className="text-xs text-muted-foreground">
                  {t('detail.replyBy', {
                    name: reply.author ? `${reply.author.firstName} ${reply.author.lastName}` : '—',
                    date: format.dateTime(reply.sentAt),
                  })}
                </p>
                <p dir="auto" className="mt-2 break-words whitespace-pre-wrap">
                  {reply.body}
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}

      <Separator />
      {canReplyByEmail ? (
        <ReplyForm message={message} subject={subject} />
      ) : (
        <p className="text-sm text-muted-foreground">{t('reply.noSmtp')}</p>
      )}
    </>
  );
}

function ReplyForm({ message, subject }: { message: ContactMessageDetail; subject: string }) {
  const { t } = useTranslation(['messages', 'common', 'validation', 'fields']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useId();
  const defaults = { subject, body: `${t('reply.greeting', { name: message.fullName })}\n\n` };
  const form = useForm<ReplyInput>({ resolver: zodResolver(replyInputSchema), defaultValues: defaults });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another message opens (defaults is a new object every render).
  useEffect(() => form.reset(defaults), [message.id]);
  const send = useMutation(
    trpc.messages.reply.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.replySent', { email: message.email }));
        form.reset(defaults);
        await queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form.setError, error, t)) toast.error(t('toast.replyFailed'));
      },
    }),
  );
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((data) => send.mutate({ id: message.id, data }))}
      data-testid="reply-form"
    >
      <div>
        <h3 className="text-sm font-semibold">{t('reply.title')}</h3>
        <p className="text-xs text-muted-foreground">{t('reply.smtpHint')}</p>
      </div>
      <Field data-invalid={!!errors.subject}>
        <FieldLabel htmlFor={`${ids}-subject`}>{t('fields:subject')}</FieldLabel>
        <Input id={`${ids}-subject`} aria-invalid={!!errors.subject} {...form.register('subject')} />
        <FieldError errors={[errors.subject]} />
      </Field>
      <Field data-invalid={!!errors.body}>
        <FieldLabel htmlFor={`${ids}-body`}>{t('fields:body')}</FieldLabel>
        <Textarea id={`${ids}-body`} rows={6} dir="auto" aria-invalid={!!errors.body} {...form.register('body')} data-testid="reply-body" />
        <FieldError errors={[errors.body]} />
      </Field>
      <Button type="submit" className="self-end" disabled={send.isPending} data-testid="reply-send">
        {send.isPending ? <Spinner /> : <Send className="rtl:-scale-x-100" aria-hidden="true" />}
        {t('reply.send')}
      </Button>
    </form>
  );
}
