// Renders the generic modal's content. Overlay click, Escape and the close button all call closeModal,
// which drops the content so nothing of a previous modal survives.
import { useTranslation } from 'react-i18next';
import { closeModal, type ModalContent } from '../lib/modal-store.ts';
import { cn } from '../lib/utils.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog.tsx';

export function ModalHost({ content }: { content: ModalContent }) {
  const { t } = useTranslation('common');
  return (
    <Dialog open onOpenChange={(open) => !open && closeModal()}>
      <DialogContent closeLabel={t('actions.close')} className={cn(content.size === 'wide' && 'sm:max-w-3xl')} data-testid="modal">
        <DialogHeader>
          <DialogTitle>{content.title}</DialogTitle>
          {content.description ? (
            <DialogDescription>{content.description}</DialogDescription>
          ) : (
            <DialogDescription className="sr-only">{content.title}</DialogDescription>
          )}
        </DialogHeader>
        {content.body}
      </DialogContent>
    </Dialog>
  );
}
