import { BLIND_SHARE_CARD, BLIND_SHARE_MESSAGES } from '@klang/domain';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-error';
import { playerApi } from './api/player-api';

/**
 * Shares a liked track as a blind link (decision 0307): the system share sheet where there is
 * one, else the clipboard. The link is `linkFor(token)`, the app's share path on this origin.
 */
export async function shareTrack(trackId: string, linkFor: (token: string) => string): Promise<void> {
  let url: string;
  try {
    const { token } = await playerApi.createShare(trackId);
    url = new URL(linkFor(token), window.location.origin).toString();
  } catch (error) {
    toast.error(error instanceof ApiError ? error.message : BLIND_SHARE_MESSAGES.shareFailed);
    return;
  }
  if (typeof navigator.share === 'function') {
    try {
      // Beside the link, the words every link's preview has: nothing that names the track.
      await navigator.share({ text: BLIND_SHARE_CARD.description, url });
      return;
    } catch (error) {
      // The listener closed the sheet: nothing to say. Anything else falls back to the clipboard.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(BLIND_SHARE_MESSAGES.linkCopied, BLIND_SHARE_MESSAGES.linkCopiedDetail);
  } catch {
    toast.info(url, BLIND_SHARE_MESSAGES.linkCopiedDetail);
  }
}
