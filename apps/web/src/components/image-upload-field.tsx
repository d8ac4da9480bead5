// A picture field for users, vehicles and catalogue entries: preview, choose a JPEG or PNG, upload it at once (REST, multipart)
// and hand the stored picture's URL to the form. The server checks the bytes again; this only spares a
// pointless upload.
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@garage/shared/constants';
import { msg } from '@garage/shared/messages';
import { ApiError } from '../lib/api-client.ts';
import { apiFetch } from '../lib/api-fetch.ts';
import { fieldErrorOf, translateMessage } from '../lib/form-errors.ts';
import { env } from '../env.ts';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';
import { cn } from '../lib/utils.ts';
import { resolveMediaUrl } from '../lib/media-url.ts';

const ACCEPTED = ['image/jpeg', 'image/png'];

/** Stores a picture (REST, multipart) and answers its URL; also the branding manager's upload. */
export async function uploadImage(file: File, section: ImageSection): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const response = await apiFetch(`${env.apiUrl}/uploads/image?section=${section}`, { method: 'POST', body });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, json);
  return (json as { url: string }).url;
}

/** What the picture shows: a person (round preview), a vehicle, a catalogue entry or the shop's branding (square). */
export type ImageSection = 'user' | 'vehicle' | 'offering' | 'branding';

interface ImageUploadFieldProps {
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  section: ImageSection;
  /** Text shown inside the empty preview (initials for people). */
  placeholder?: string;
  invalid?: boolean;
  removable?: boolean;
  id?: string;
}

export function ImageUploadField({ value, onChange, section, placeholder, invalid, removable, id }: ImageUploadFieldProps) {
  const { t } = useTranslation(['common', 'validation', 'fields']);
  const input = useRef<HTMLInputElement>(null);
  const fallbackId = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (!ACCEPTED.includes(file.type)) {
      setProblem(translateMessage(t, msg('fileType', { fieldName: 'image', allowedTypes: 'JPEG, PNG' })));
      return;
    }
    if (file.size > LIMITS.imageMaxMB * 1024 * 1024) {
      setProblem(translateMessage(t, msg('fileSize', { fieldName: 'image', maxSizeInMB: LIMITS.imageMaxMB })));
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadImage(file, section));
      toast.success(t('common:messages.imageUploaded'));
    } catch (error) {
      const serverField = fieldErrorOf(t, error, 'file');
      if (serverField) setProblem(serverField);
      toast.error(t('common:imageUpload.createFailed'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  const src = resolveMediaUrl(value);
  return (
    <div className="flex items-center gap-4" data-slot="image-upload">
      <div
        className={cn(
          'flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full border bg-muted text-lg font-semibold text-muted-foreground',
          section !== 'user' && 'rounded-lg',
          invalid && 'border-destructive',
        )}
      >
        {src ? <img src={src} alt="" className="size-full object-cover" /> : <span aria-hidden="true">{placeholder}</span>}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={uploading}
            onClick={() => input.current?.click()}
            aria-invalid={invalid || undefined}
          >
            {uploading ? <Spinner /> : <ImageUp />}
            {value ? t('common:imageUpload.replace') : t('common:imageUpload.upload')}
          </Button>
          {removable && value && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              <Trash2 />
              {t('common:imageUpload.remove')}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">{t('common:imageUpload.hint', { maxSizeInMB: LIMITS.imageMaxMB })}</p>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <input
          ref={input}
          id={id ?? fallbackId}
          type="file"
          accept={ACCEPTED.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`${section}-image-input`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
    </div>
  );
}
