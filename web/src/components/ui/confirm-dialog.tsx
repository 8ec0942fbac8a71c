import { Button } from './button';
import { Dialog, DialogClose, DialogContent } from './dialog';

interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** The spec's question, word for word where it gives one. */
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  isBusy?: boolean;
}

/** A destructive action asks first (forum post and reply deletes, packs, press shots). */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  question,
  confirmLabel,
  onConfirm,
  isBusy = false,
}: ConfirmDialogProps) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title={title}
        description={question}
        hideCloseButton
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button variant="danger" isLoading={isBusy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
