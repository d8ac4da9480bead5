// /admin/messages: the inbox of the public contact form and the client's get-in-touch form. Newest first,
// paged on the server, unread highlighted; search and a read/unread filter live in the URL. Marking read
// asks for confirmation (SPEC §4), deleting too (§8); a message opens in a dialog with the reply tools.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Mail, MailOpen, Reply, Search, Trash2, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { MESSAGE_READ_FILTERS, type ContactMessageView, type MessageReadFilter } from '@garage/shared/schemas/contact';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { MessageDetailDialog } from './message-detail-dialog.tsx';
import { useMessageActions } from './use-message-actions.ts';
import { Ltr } from '../../components/ltr.tsx';

type Pending = { kind: 'read' | 'delete'; message: ContactMessageView } | null;

export function MessagesPage() {
  const { t, i18n } = useTranslation(['messages', 'common']);
  const trpc = useTRPC();
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const [pending, setPending] = useState<Pending>(null);
  const { setRead, remove } = useMessageActions();

  const page = Math.max(1, Number(params.get('page')) || 1);
  const status: MessageReadFilter = MESSAGE_READ_FILTERS.find((value) => value === params.get('status')) ?? 'all';
  const search = params.get('q') ?? '';

  function setParam(name: string, value: string | null) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!value) next.delete(name);
        else next.set(name, value);
        if (name !== 'page' && name !== 'message') next.delete('page');
        return next;
      },
      { replace: true },
    );
  }
  // The open message lives in the URL too (?message=<id>), so a link can open it directly.
  const openId = params.get('message');
  const setOpenId = (id: string | null) => setParam('message', id);

  // Typing updates the URL after a short pause, not on every key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing arms the timer; a URL change must not re-arm it.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search !== searchText.trim()) setParam('q', searchText.trim());
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const query = useQuery({
    ...trpc.messages.list.queryOptions({ page, status, search: search || undefined }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const number = new Intl.NumberFormat(i18n.language);

  const confirmPending = () => {
    if (!pending) return;
    const done = { onSettled: () => setPending(null) };
    if (pending.kind === 'read') setRead.mutate({ id: pending.message.id, read: true }, done);
    else remove.mutate({ id: pending.message.id }, { ...done, onSuccess: () => openId === pending.message.id && setOpenId(null) });
  };

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        {data && data.unreadCount > 0 && (
          <Badge variant="destructive" className="text-sm" data-testid="messages-unread-count">
            {t('unreadCount', { count: number.format(data.unreadCount) })}
          </Badge>
        )}
      </header>

      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('search')}
            className="ps-9"
            data-testid="messages-search"
          />
        </div>
        <div role="group" aria-label={t('filters.label')} className="inline-flex w-full items-center rounded-lg bg-muted p-[3px] sm:w-auto">
          {MESSAGE_READ_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => setParam('status', value === 'all' ? null : value)}
              className="inline-flex h-8 flex-1 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50 aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
              data-testid={`messages-filter-${value}`}
            >
              {t(`filters.${value}`)}
              {value === 'unread' && data ? <span className="tabular-nums">({number.format(data.unreadCount)})</span> : null}
            </button>
          ))}
        </div>
      </Card>

      {query.isPending ? (
        <div className="flex flex-col gap-2">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-24 w-full rounded-xl" />
          ))}
        </div>
      ) : query.isError ? (
        <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
          <p className="text-destructive">{t('loadFailed')}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Card>
      ) : data!.items.length === 0 ? (
        <Card className="p-10 text-center text-muted-foreground" data-testid="messages-empty">
          {t(search ? 'empty.search' : `empty.${status}`)}
        </Card>
      ) : (
        <ul className={cn('flex flex-col gap-2 transition-opacity', query.isPlaceholderData && 'opacity-60')} data-testid="messages-list">
          {data!.items.map((message) => (
            <li
              key={message.id}
              data-testid="message-row"
              data-unread={!message.read}
              className={cn(
                'group relative flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors sm:flex-row sm:items-start',
                !message.read &&
                  'border-primary/40 bg-primary/5 before:absolute before:inset-y-3 before:start-0 before:w-1 before:rounded-full before:bg-primary',
              )}
            >
              <button
                type="button"
                className="flex min-w-0 flex-1 flex-col gap-1 rounded-md text-start outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
                onClick={() => setOpenId(message.id)}
                aria-haspopup="dialog"
                data-testid="open-message"
              >
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className={cn('truncate', message.read ? 'font-medium' : 'font-bold')}>{message.fullName}</span>
                  <Ltr className="truncate text-sm text-muted-foreground">{message.email}</Ltr>
                  {!message.read && <Badge>{t('badges.unread')}</Badge>}
                  {message.user && (
                    <Badge variant="secondary">
                      <UserRound />
                      {t('badges.client')}
                    </Badge>
                  )}
                  {message.repliedAt && (
                    <Badge variant="outline">
                      <Reply className="text-success rtl:-scale-x-100" />
                      {t('badges.replied')}
                    </Badge>
                  )}
                </span>
                <span
                  dir="auto"
                  className={cn('line-clamp-2 text-sm whitespace-pre-line', message.read ? 'text-muted-foreground' : 'text-foreground')}
                >
                  {message.message}
                </span>
                <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
                  {format.dateTime(message.createdAt)}
                </time>
              </button>
              <div className="flex shrink-0 gap-1 self-end sm:self-start">
                {message.read ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    title={t('actions.markUnread')}
                    aria-label={t('actions.markUnread')}
                    onClick={() => setRead.mutate({ id: message.id, read: false })}
                    data-testid="mark-unread"
                  >
                    <Mail />
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="icon"
                    title={t('actions.markRead')}
                    aria-label={t('actions.markRead')}
                    onClick={() => setPending({ kind: 'read', message })}
                    data-testid="mark-read"
                  >
                    <MailOpen />
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  title={t('actions.delete')}
                  aria-label={t('actions.delete')}
                  className="text-destructive hover:text-destructive"
                  onClick={() => setPending({ kind: 'delete', message })}
                  data-testid="delete-message"
                >
                  <Trash2 />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {data && data.total > 0 && (
        <nav className="flex flex-wrap items-center justify-between gap-3 text-sm" aria-label={t('pager.label')}>
          <span className="text-muted-foreground">
            {t('pager.summary', {
              page: number.format(data.page),
              pageCount: number.format(data.pageCount),
              total: number.format(data.total),
            })}
          </span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={data.page <= 1} onClick={() => setParam('page', String(data.page - 1))}>
              <ChevronLeft className="rtl:rotate-180" />
              {t('pager.previous')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={data.page >= data.pageCount}
              onClick={() => setParam('page', String(data.page + 1))}
            >
              {t('pager.next')}
              <ChevronRight className="rtl:rotate-180" />
            </Button>
          </div>
        </nav>
      )}

      <MessageDetailDialog
        id={openId}
        canReplyByEmail={data?.canReplyByEmail ?? false}
        onClose={() => setOpenId(null)}
        onMarkRead={(message) => setPending({ kind: 'read', message })}
        onDelete={(message) => setPending({ kind: 'delete', message })}
      />

      <ConfirmDialog
        open={pending?.kind === 'read'}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('confirmRead.title')}
        description={t('confirmRead.description', { name: pending?.message.fullName ?? '' })}
        confirmLabel={t('confirmRead.confirm')}
        busy={setRead.isPending}
        destructive={false}
        onConfirm={confirmPending}
      />
      <ConfirmDialog
        open={pending?.kind === 'delete'}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.description', { name: pending?.message.fullName ?? '' })}
        confirmLabel={t('confirmDelete.confirm')}
        busy={remove.isPending}
        destructive
        onConfirm={confirmPending}
      />
    </section>
  );
}
