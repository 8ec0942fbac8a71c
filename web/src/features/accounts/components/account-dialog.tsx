import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useDemoRefusal } from '../hooks/use-demo-refusal';
import { DeleteAccountForm } from './delete-account-form';
import { DemoRestrictionDialog } from './demo-restriction-dialog';
import { PhotoUpload } from './photo-upload';

type AccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
  createAccountPath: string;
};

/** Spec 001 §2 Account modal: change the profile image; delete the account with typed confirmation. */
export function AccountDialog({ open, onOpenChange, onDeleted, createAccountPath }: AccountDialogProps) {
  const demo = useDemoRefusal();
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent title="Account" size="md">
          <div className="flex flex-col gap-6">
            <PhotoUpload onDemoRefusal={demo.catchRefusal} />
            <DeleteAccountForm onDeleted={onDeleted} onDemoRefusal={demo.catchRefusal} />
          </div>
        </DialogContent>
      </Dialog>
      <DemoRestrictionDialog
        message={demo.message}
        onClose={demo.close}
        createAccountPath={createAccountPath}
      />
    </>
  );
}
