// The one confirmation dialog (SPEC §4 mark read, §8 deletion): says what will happen, waits for an explicit
// yes, and stays open with its buttons disabled while the request runs. Opened either by its own `trigger`
// (it then holds its open state) or from code (`open` / `onOpenChange`, e.g. a menu item or a row action).
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from './ui/dialog.tsx';
import { Spinner } from './ui/spinner.tsx';

interface ConfirmDialogProps {
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's text; "Delete" when not given. */
  confirmLabel?: string;
  /** Red confirming button for what cannot be undone (the default); false for a harmless action. */
  destructive?: boolean;
  /**
   * The confirmed action. A returned promise keeps the dialog busy until it settles: resolved, the dialog
   * closes; rejected, it stays open to try again (the caller shows the error).
   */
  onConfirm: (() => void) | (() => Promise<unknown>);
  /** The caller's request is running (when it tracks it itself, e.g. a mutation's isPending). */
  busy?: boolean;
  /** The button that opens the dialog; without it, the caller opens it with `open`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive = true,
  onConfirm,
  busy = false,
  trigger,
  ...control
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [ownOpen, setOwnOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const open = control.open ?? ownOpen;
  const setOpen = control.onOpenChange ?? setOwnOpen;
  const pending = busy || confirming;

  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setConfirming(true);
    try {
      await result;
      setOpen(false);
    } catch {
      // The caller reported the failure; the dialog stays open to try again.
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent closeLabel={t('actions.close')} role="alertdialog" data-testid="confirm-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            onClick={() => void confirm()}
            disabled={pending}
            data-testid={destructive ? 'confirm-delete' : 'confirm-action'}
          >
            {pending && <Spinner />}
            {confirmLabel ?? t('actions.delete')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
