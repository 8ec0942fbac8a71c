import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

type DemoRestrictionDialogProps = {
  /** The server's refusal, one of the spec's demo messages; closed when null. */
  message: string | null;
  onClose: () => void;
  createAccountPath: string;
};

/** Spec 001 §6: the demo restriction popup, offering 'Continue in Demo' or 'Create Account'. */
export function DemoRestrictionDialog({ message, onClose, createAccountPath }: DemoRestrictionDialogProps) {
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title="Demo mode"
        description={message ?? undefined}
        hideCloseButton
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Continue in Demo</Button>
            </DialogClose>
            <Button asChild>
              <Link to={createAccountPath}>Create Account</Link>
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
