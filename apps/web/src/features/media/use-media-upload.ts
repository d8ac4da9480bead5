// Sending files to the media library: one XMLHttpRequest per file (fetch cannot report upload progress), so
// every file has its own progress bar and its own outcome. The API decides the kind from the bytes; the
// checks here only spare a pointless upload of something the API would refuse anyway.
import { useCallback, useRef, useState } from 'react';
import { MEDIA_MAX_MB, mediaTypeOfMime, type MediaSection, type MediaView } from '@garage/shared/schemas/media';
import type { ApiErrorBody, CodedMessage } from '@garage/shared/message-catalogue';
import { env } from '../../env.ts';
import { refreshSession } from '../../lib/auth/refresh.ts';
import { getAccessToken } from '../../lib/auth/token-store.ts';

export interface UploadTarget {
  /** Staff send to any customer (/media/upload); a client to their own account (/my/media/upload). */
  area: 'staff' | 'client';
  ownerId: string;
  vehicleId?: string;
  visitId?: string;
  section: MediaSection;
}

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  progress: number;
  state: UploadState;
  /** The API's refusal, as a code (rendered by lib/form-errors.ts renderCode). */
  error?: CodedMessage;
  /** Set when the browser refused it before sending (type or size). */
  local?: { code: 'type' } | { code: 'size'; maxSizeInMB: number };
}

interface UploadFailure {
  status: number;
  problem?: CodedMessage;
}

function send(file: File, target: UploadTarget, onProgress: (fraction: number) => void): Promise<MediaView[]> {
  const query = new URLSearchParams({ section: target.section });
  if (target.area === 'staff') query.set('ownerId', target.ownerId);
  if (target.vehicleId) query.set('vehicleId', target.vehicleId);
  if (target.visitId) query.set('visitId', target.visitId);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiUrl}/${target.area === 'staff' ? 'media' : 'my/media'}/upload?${query}`);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const body = xhr.response as ({ files?: MediaView[] } & Partial<ApiErrorBody>) | null;
      if (xhr.status === 201 && body?.files) resolve(body.files);
      else {
        const general = body?.messageCode ? { code: body.messageCode, params: body.params ?? {} } : undefined;
        reject({ status: xhr.status, problem: body?.fieldErrorCodes?.file?.[0] ?? general } satisfies UploadFailure);
      }
    };
    xhr.onerror = () => reject({ status: 0 } satisfies UploadFailure);
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The size limit the API will apply, guessed from what the browser says the file is (null: unknown kind). */
export function localCheck(file: File): UploadItem['local'] | undefined {
  const kind = mediaTypeOfMime(file.type) ?? guessFromName(file.name);
  // HEIC from phones is refused by the API with its own explanation: let it through so the message is shown.
  if (!kind) return /\.(heic|heif)$/i.test(file.name) ? undefined : { code: 'type' };
  const max = MEDIA_MAX_MB[kind];
  return file.size > max * 1024 * 1024 ? { code: 'size', maxSizeInMB: max } : undefined;
}

function guessFromName(name: string) {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (!ext) return null;
  if (['jpg', 'jpeg', 'png', 'webp'].includes(ext)) return 'IMAGE' as const;
  if (['mp4', 'webm', 'mov', 'm4v'].includes(ext)) return 'VIDEO' as const;
  if (['pdf', 'doc', 'docx'].includes(ext)) return 'DOCUMENT' as const;
  return null;
}

let counter = 0;

export function useMediaUpload(options: { onUploaded: (files: MediaView[]) => void; onFailed: (item: UploadItem) => void }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const latest = useRef(options);
  latest.current = options;

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const upload = useCallback(
    async (files: File[], target: UploadTarget) => {
      const queued = files.map((file) => ({
        file,
        item: {
          key: `u${(counter += 1)}`,
          name: file.name,
          size: file.size,
          progress: 0,
          state: 'queued' as UploadState,
          local: localCheck(file),
        },
      }));
      setItems((current) => [
        ...current.filter((item) => item.state === 'uploading' || item.state === 'queued'),
        ...queued.map((entry) => entry.item),
      ]);
      // One at a time: a phone's upload bandwidth is better spent finishing files than splitting it.
      for (const { file, item } of queued) {
        if (item.local) {
          const failed = { ...item, state: 'failed' as const };
          patch(item.key, failed);
          latest.current.onFailed(failed);
          continue;
        }
        patch(item.key, { state: 'uploading' });
        const progress = (fraction: number) => patch(item.key, { progress: Math.round(fraction * 100) });
        try {
          let stored: MediaView[];
          try {
            stored = await send(file, target, progress);
          } catch (error) {
            // An access token that expired meanwhile: renew it once and send again.
            if ((error as UploadFailure).status !== 401) throw error;
            await refreshSession();
            stored = await send(file, target, progress);
          }
          patch(item.key, { state: 'done', progress: 100 });
          latest.current.onUploaded(stored);
        } catch (error) {
          const failed = { ...item, state: 'failed' as const, error: (error as UploadFailure | undefined)?.problem };
          patch(item.key, failed);
          latest.current.onFailed(failed);
        }
      }
    },
    [patch],
  );

  const dismiss = useCallback(
    () => setItems((current) => current.filter((item) => item.state === 'uploading' || item.state === 'queued')),
    [],
  );
  return { items, upload, dismiss };
}
