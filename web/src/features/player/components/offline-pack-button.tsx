import { OFFLINE_PACK_RULES } from '@klang/domain';
import { CloudDownload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Switch } from '../../../components/ui/switch';
import { offlinePack, useOfflinePackStore } from '../offline-pack/offline-pack-store';
import { OFFLINE_PACK_TEXT } from '../offline-pack/offline-pack-text';

/** Discover's "Offline pack" control (issue 32 item 3): a button opening the pack's dialog. */
export function OfflinePackButton() {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <CloudDownload aria-hidden="true" className="size-4" />
          {OFFLINE_PACK_TEXT.title}
        </Button>
      </DialogTrigger>
      {isOpen && <OfflinePackDialog />}
    </Dialog>
  );
}

/** What is saved, and a new pack to save: its size, Wi-Fi only, then the progress track by track. */
function OfflinePackDialog() {
  const pack = useOfflinePackStore((state) => state.pack);
  const progress = useOfflinePackStore((state) => state.progress);
  const saveMessage = useOfflinePackStore((state) => state.saveMessage);
  const isWifiOnly = useOfflinePackStore((state) => state.isWifiOnly);
  const [size, setSize] = useState<number>(OFFLINE_PACK_RULES.sizeDefault);

  // The device's record is the truth: another tab, or the last sync, may have changed it.
  useEffect(() => {
    offlinePack.refresh();
    return offlinePack.dismissSaveMessage;
  }, []);

  const toPlay = pack?.tracks.filter((track) => track.verdict === null).length ?? 0;
  return (
    <DialogContent
      title={OFFLINE_PACK_TEXT.title}
      description={OFFLINE_PACK_TEXT.explanation}
      size="sm"
      footer={
        <Button
          isLoading={progress !== null}
          onClick={() => {
            void offlinePack.save(size);
          }}
        >
          {pack ? OFFLINE_PACK_TEXT.replace : OFFLINE_PACK_TEXT.save}
        </Button>
      }
    >
      <div className="flex flex-col gap-5">
        {pack && (
          <p
            className="rounded-2xl bg-field/60 px-4 py-3 text-sm font-medium text-fg"
            data-testid="offline-pack-status"
          >
            {OFFLINE_PACK_TEXT.saved(pack.tracks.length, toPlay, pack.expiresAt)}
          </p>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-fg">{OFFLINE_PACK_TEXT.sizeLegend}</legend>
          <div className="flex gap-2">
            {OFFLINE_PACK_RULES.sizes.map((choice) => (
              <Button
                key={choice}
                size="sm"
                variant={size === choice ? 'primary' : 'secondary'}
                aria-pressed={size === choice}
                aria-label={`${String(choice)} tracks`}
                disabled={progress !== null}
                onClick={() => {
                  setSize(choice);
                }}
              >
                {choice}
              </Button>
            ))}
          </div>
        </fieldset>
        <Switch
          label={OFFLINE_PACK_TEXT.wifiOnly}
          checked={isWifiOnly}
          onCheckedChange={offlinePack.setWifiOnly}
        />
        <p role="status" className="text-sm text-muted empty:hidden">
          {progress && OFFLINE_PACK_TEXT.saving(progress.saved, progress.total)}
        </p>
        {saveMessage && <Banner tone={saveMessage.tone}>{saveMessage.text}</Banner>}
      </div>
    </DialogContent>
  );
}
