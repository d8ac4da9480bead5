// Staff changes to one file: rename (the extension of the real type is kept by the API), move to another
// vehicle or visit of the same customer or another section, and delete after confirmation. A client only
// deletes (after the same confirmation) a file they added themselves.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { MEDIA_NAME_MAX, MEDIA_SECTIONS, type MediaContextView, type MediaSection, type MediaView } from '@garage/shared/schemas/media';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Field, FieldDescription, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageOf, fieldErrorOf } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { MediaAction } from './media-grid.tsx';
import { Ltr } from '../../components/ltr.tsx';

const NONE = 'none';
const stem = (name: string) => name.replace(/\.[a-z0-9]{1,8}$/i, '');

export function MediaDialogs({
  staff,
  action,
  file,
  context,
  onClose,
}: {
  /** Staff (media.*) or the signed-in client (myMedia.*, delete only). */
  staff: boolean;
  action: MediaAction | null;
  file: MediaView | null;
  context: MediaContextView | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['media', 'validation', 'fields']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [vehicleId, setVehicleId] = useState(NONE);
  const [visitId, setVisitId] = useState(NONE);
  const [section, setSection] = useState<MediaSection>('inspection');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    setName(stem(file.name));
    setVehicleId(file.vehicleId ?? NONE);
    setVisitId(file.visitId ?? NONE);
    setSection((MEDIA_SECTIONS as readonly string[]).includes(file.section) ? (file.section as MediaSection) : 'inspection');
    setProblem(null);
  }, [file, action]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: (staff ? trpc.media : trpc.myMedia).pathKey() });
  const update = useMutation(
    trpc.media.update.mutationOptions({
      onSuccess: (_data, variables) => {
        void refresh();
        toast.success(variables.data.name !== undefined ? t('toasts.renamed') : t('toasts.moved'));
        onClose();
      },
      onError: (error) => {
        setProblem(fieldErrorOf(t, error, 'name') ?? errorMessageOf(t, error) ?? t('toasts.updateFailed'));
        toast.error(t('toasts.updateFailed'));
      },
    }),
  );
  const removed = {
    onSuccess: () => {
      void refresh();
      toast.success(t('toasts.deleted'));
      onClose();
    },
    onError: () => toast.error(t('toasts.deleteFailed')),
  };
  const removeAny = useMutation(trpc.media.delete.mutationOptions(removed));
  const removeMine = useMutation(trpc.myMedia.delete.mutationOptions(removed));
  const remove = staff ? removeAny : removeMine;

  if (!file) return null;
  const visitsOfVehicle = (context?.visits ?? []).filter((visit) => vehicleId !== NONE && visit.vehicleId === vehicleId);

  function submitRename(event: FormEvent) {
    event.preventDefault();
    update.mutate({ id: file!.id, data: { name: name.trim() } });
  }
  function submitMove(event: FormEvent) {
    event.preventDefault();
    update.mutate({
      id: file!.id,
      data: { vehicleId: vehicleId === NONE ? null : vehicleId, visitId: visitId === NONE ? null : visitId, section },
    });
  }

  return (
    <>
      <Dialog open={action === 'rename'} onOpenChange={(open) => !open && !update.isPending && onClose()}>
        <DialogContent closeLabel={t('actions.close')}>
          <form onSubmit={submitRename} className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t('rename.title')}</DialogTitle>
              <DialogDescription>
                <bdi>{file.name}</bdi>
              </DialogDescription>
            </DialogHeader>
            <Field>
              <FieldLabel htmlFor="media-name">{t('rename.label')}</FieldLabel>
              <Input
                id="media-name"
                value={name}
                maxLength={MEDIA_NAME_MAX}
                onChange={(event) => setName(event.target.value)}
                aria-invalid={!!problem || undefined}
                dir="auto"
                autoFocus
              />
              <FieldDescription>{t('rename.hint')}</FieldDescription>
              {problem && (
                <p role="alert" className="text-sm text-destructive">
                  {problem}
                </p>
              )}
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" disabled={update.isPending || !name.trim()}>
                {update.isPending && <Spinner />}
                {t('actions.save')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={action === 'move'} onOpenChange={(open) => !open && !update.isPending && onClose()}>
        <DialogContent closeLabel={t('actions.close')}>
          <form onSubmit={submitMove} className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t('move.title')}</DialogTitle>
              <DialogDescription>
                <bdi>{file.name}</bdi>
              </DialogDescription>
            </DialogHeader>
            <Field>
              <FieldLabel id="move-vehicle-label">{t('move.vehicle')}</FieldLabel>
              <Select
                value={vehicleId}
                onValueChange={(next) => {
                  setVehicleId(next);
                  setVisitId(NONE);
                }}
              >
                <SelectTrigger aria-labelledby="move-vehicle-label" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>{t('move.noVehicle')}</SelectItem>
                  {(context?.vehicles ?? []).map((vehicle) => (
                    <SelectItem key={vehicle.id} value={vehicle.id}>
                      {vehicle.brand} {vehicle.model} · <Ltr>{vehicle.plateNumber}</Ltr>
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field>
              <FieldLabel id="move-visit-label">{t('move.visit')}</FieldLabel>
              <Select value={visitId} onValueChange={setVisitId} disabled={vehicleId === NONE}>
                <SelectTrigger aria-labelledby="move-visit-label" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>{t('move.noVisit')}</SelectItem>
                  {visitsOfVehicle.map((visit) => (
                    <SelectItem key={visit.id} value={visit.id}>
                      {visit.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field>
              <FieldLabel id="move-section-label">{t('move.section')}</FieldLabel>
              <Select value={section} onValueChange={(next) => setSection(next as MediaSection)}>
                <SelectTrigger aria-labelledby="move-section-label" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {MEDIA_SECTIONS.map((option) => (
                    <SelectItem key={option} value={option}>
                      {t(`sections.${option}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            {problem && (
              <p role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending && <Spinner />}
                {t('actions.save')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={action === 'delete'}
        onOpenChange={(open) => !open && onClose()}
        title={t('delete.title')}
        description={t(staff ? 'delete.description' : 'delete.myDescription', { name: file.name })}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: file.id })}
      />
    </>
  );
}
