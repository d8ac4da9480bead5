// Staff correct or delete a recorded oil change (a wrong entry no longer stays forever). Deleting asks for
// confirmation; the vehicle's latest km and its reminder follow on the API side.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DistanceUnit } from '@garage/shared/distance';
import type { OilChangeView } from '@garage/shared/schemas/oil-changes';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useKmAndDate } from '../../lib/use-km-and-date.ts';
import { OilChangeForm } from './oil-change-form.tsx';

export function OilRowActions({ item, unit = 'KM' }: { item: OilChangeView; unit?: DistanceUnit }) {
  const { t } = useTranslation('oil');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const format = useKmAndDate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.oilChanges.delete.mutationOptions({
      onSuccess: () => {
        toast.success(t('toasts.deleted'));
        for (const key of [trpc.oilChanges.pathKey(), trpc.vehicles.pathKey(), trpc.reminders.pathKey()])
          void queryClient.invalidateQueries({ queryKey: key });
      },
      onError: () => toast.error(t('toasts.deleteFailed')),
    }),
  );
  return (
    <div className="flex gap-1">
      <Button
        size="icon"
        variant="ghost"
        aria-label={t('actions.correct')}
        title={t('actions.correct')}
        onClick={() => setEditing(true)}
        data-testid="oil-edit"
      >
        <Pencil />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="text-destructive"
        aria-label={t('actions.delete')}
        title={t('actions.delete')}
        onClick={() => setConfirming(true)}
        data-testid="oil-delete"
      >
        <Trash2 />
      </Button>
      <FormDialog open={editing} onOpenChange={setEditing} title={t('form.correctTitle')}>
        <OilChangeForm vehicleId={item.vehicleId} latestKm={null} unit={unit} existing={item} onDone={() => setEditing(false)} />
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('delete.title')}
        description={t('delete.description', { km: format.km(item.currentKm, unit), date: format.date(item.createdAt) })}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: item.id }, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}
