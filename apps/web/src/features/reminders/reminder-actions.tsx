// Staff actions on one reminder: click-to-send WhatsApp / SMS (the text in the customer's language, filled
// by the API), "contacted" in one click with the channel, dismiss / restore.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REMINDER_CONTACT_CHANNELS, type ReminderContactChannel, type StaffReminderView } from '@garage/shared/schemas/reminders';
import { Check, ChevronDown, MessageCircle, MessageSquareText, RotateCcw, X } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useTRPC } from '../../lib/trpc.ts';

export function ReminderActions({ reminder }: { reminder: StaffReminderView }) {
  const { t, i18n } = useTranslation('reminders');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.reminders.pathKey() });
  };
  const contacted = useMutation(
    trpc.reminders.markContacted.mutationOptions({
      onSuccess: () => {
        toast.success(t('toasts.contacted'));
        refresh();
      },
      onError: () => toast.error(t('toasts.failed')),
    }),
  );
  const dismiss = useMutation(
    trpc.reminders.dismiss.mutationOptions({
      onSuccess: () => {
        toast.success(t('toasts.dismissed'));
        refresh();
      },
      onError: () => toast.error(t('toasts.failed')),
    }),
  );
  const restore = useMutation(
    trpc.reminders.restore.mutationOptions({ onSuccess: refresh, onError: () => toast.error(t('toasts.failed')) }),
  );
  const mark = (channel: ReminderContactChannel) => contacted.mutate({ id: reminder.id, channel });
  const contactedAt = reminder.contactedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(reminder.contactedAt))
    : null;

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground" data-testid="reminder-contact-status">
        {reminder.contacted && reminder.contactedChannel && contactedAt
          ? t('contact.contactedBy', { channel: t(`channels.${reminder.contactedChannel}`), date: contactedAt })
          : t('contact.notContacted')}
        {reminder.notifiedState === reminder.state && reminder.notifiedAt ? ` · ${t('contact.emailed')}` : ''}
        {reminder.customer.optedOut ? ` · ${t('contact.optedOut')}` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {reminder.whatsappUrl && (
          <Button asChild size="sm" variant="outline">
            <a
              href={reminder.whatsappUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="reminder-whatsapp"
              onClick={() => mark('WHATSAPP')}
            >
              <MessageCircle />
              {t('actions.whatsapp')}
            </a>
          </Button>
        )}
        {reminder.smsUrl && (
          <Button asChild size="sm" variant="outline">
            <a href={reminder.smsUrl} data-testid="reminder-sms" onClick={() => mark('SMS')}>
              <MessageSquareText />
              {t('actions.sms')}
            </a>
          </Button>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              size="sm"
              variant={reminder.contacted ? 'outline' : 'default'}
              disabled={contacted.isPending}
              data-testid="reminder-mark-contacted"
            >
              <Check />
              {t('actions.markContacted')}
              <ChevronDown />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuLabel>{t('actions.channel')}</DropdownMenuLabel>
            {REMINDER_CONTACT_CHANNELS.map((channel) => (
              <DropdownMenuItem key={channel} onSelect={() => mark(channel)} data-testid={`reminder-channel-${channel}`}>
                {t(`channels.${channel}`)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        {reminder.state === 'DISMISSED' ? (
          <Button size="sm" variant="ghost" onClick={() => restore.mutate({ id: reminder.id })} disabled={restore.isPending}>
            <RotateCcw />
            {t('actions.restore')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => dismiss.mutate({ id: reminder.id })}
            disabled={dismiss.isPending}
            data-testid="reminder-dismiss"
          >
            <X />
            {t('actions.dismiss')}
          </Button>
        )}
      </div>
    </div>
  );
}
