import { packDownloadName } from '@klang/domain';

/**
 * Spec 002 §7: saves a press shot as `klang-pack-` plus the first 20 characters of its prompt,
 * `.jpg`. When the image cannot be fetched (a storage on another origin without CORS), it opens in
 * a new tab instead; resolves false when even that was blocked.
 */
export async function downloadShot(url: string, prompt: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const href = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = href;
    link.download = packDownloadName(prompt);
    document.body.append(link);
    link.click();
    link.remove();
    // The click has handed the blob to the browser's download; release it after this turn.
    setTimeout(() => {
      URL.revokeObjectURL(href);
    }, 0);
    return true;
  } catch {
    // WARNING: with 'noopener' window.open always answers null, so the opener is cut by hand.
    const opened = window.open(url, '_blank');
    if (opened) opened.opener = null;
    return opened !== null;
  }
}
