import { DEMO_ACCOUNT, PRODUCT_NAME } from '@klang/domain';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

function CopyRow({ label, value }: { label: string; value: string }) {
  const [isCopied, setCopied] = useState(false);
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-field px-4 py-3">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
        <p className="truncate font-mono text-[0.9375rem] text-fg">{value}</p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Copy ${label.toLowerCase()}`}
        onClick={() => {
          void navigator.clipboard
            .writeText(value)
            .then(() => {
              setCopied(true);
              setTimeout(() => {
                setCopied(false);
              }, 2000);
            })
            .catch(() => undefined);
        }}
      >
        {isCopied ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {isCopied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}

type DemoCredentialsProps = { onExplore: () => void; isWorking: boolean; error: string | null };

/** Spec 001 §2 /demo-login: the demo credentials with copy buttons and the 'Explore' dialog. */
export function DemoCredentials({ onExplore, isWorking, error }: DemoCredentialsProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <CopyRow label="Email" value={DEMO_ACCOUNT.email} />
      <CopyRow label="Password" value={DEMO_ACCOUNT.password} />
      {error && <Banner tone="error">{error}</Banner>}
      <Button
        size="lg"
        onClick={() => {
          setOpen(true);
        }}
      >
        Explore {PRODUCT_NAME}
      </Button>
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <DialogContent
          title={`Explore ${PRODUCT_NAME}`}
          description="You will be signed in to a shared demo artist account. Uploads, profile edits and subscription changes are switched off, and the demo's likes are reset each time someone logs in."
          size="sm"
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button isLoading={isWorking} onClick={onExplore}>
                Start Exploring
              </Button>
            </>
          }
        />
      </Dialog>
    </div>
  );
}
