// Sharing a file: the Web Share API where the browser has it (phones), else the link is copied. SPEC §8's
// 'sharing error' and copy-to-clipboard failure are the two ways this can fail. The link needs a signed-in
// account that may see the file: URLs are never public.
import toast from 'react-hot-toast';
import type { TFunction } from 'i18next';
import { absoluteMediaUrl } from './media-format.ts';

export async function copyLink(t: TFunction, url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(absoluteMediaUrl(url));
    toast.success(t('media:toasts.copied'));
  } catch {
    toast.error(t('media:toasts.copyFailed'));
  }
}

export async function shareFile(t: TFunction, file: { name: string; url: string }): Promise<void> {
  if (typeof navigator.share !== 'function') return copyLink(t, file.url);
  try {
    await navigator.share({ title: file.name, url: absoluteMediaUrl(file.url) });
  } catch (error) {
    // Closing the share sheet is not an error.
    if ((error as DOMException | undefined)?.name === 'AbortError') return;
    toast.error(t('media:toasts.sharingError'));
  }
}
