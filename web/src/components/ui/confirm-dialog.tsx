import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** The spec's question, word for word ('Are you sure you want to delete this post? ...'). */
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  isBusy?: boolean;
}

/** A destructive action asks first (spec 002 §5 Forum: post and reply deletes). */
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
