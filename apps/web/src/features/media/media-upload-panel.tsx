// Adding files (staff, and a client to their own account): drop them on the panel, choose several at once, or use the phone's camera
// (`capture`); each file gets its own progress bar and outcome. Files go to the customer, vehicle and visit
// of the page, in the chosen section.
import { Camera, CheckCircle2, CircleAlert, Upload, Video } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_ACCEPT, MEDIA_MAX_MB, MEDIA_SECTIONS, type MediaSection } from '@garage/shared/schemas/media';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { translateMessage } from '../../lib/form-errors.ts';
import { cn } from '../../lib/utils.ts';
import { msg } from '@garage/shared/messages';
import { formatBytes, uploadErrorText } from './media-format.ts';
import type { UploadItem } from './use-media-upload.ts';

export function MediaUploadPanel({
  place,
  items,
  onFiles,
  onDismiss,
}: {
  /** Where the files go, as shown to the user. */
  place: string;
  items: UploadItem[];
  onFiles: (files: File[], section: MediaSection) => void;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation(['media', 'validation', 'fields']);
  const [section, setSection] = useState<MediaSection>('inspection');
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const recorder = useRef<HTMLInputElement>(null);

  function take(list: FileList | null | undefined) {
    const files = [...(list ?? [])];
    if (files.length > 0) onFiles(files, section);
  }
  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  }
  const finished = items.some((item) => item.state === 'done' || item.state === 'failed');

  function problemOf(item: UploadItem): string | undefined {
    if (item.local?.code === 'type')
      return translateMessage(t, msg('fileType', { fieldName: 'file', allowedTypes: 'JPEG, PNG, WebP, MP4, WebM, MOV, PDF, DOC, DOCX' }));
    if (item.local?.code === 'size')
      return translateMessage(t, msg('fileSize', { fieldName: 'file', maxSizeInMB: item.local.maxSizeInMB }));
    return uploadErrorText(t, item.error);
  }

  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="font-semibold">{t('upload.title')}</h2>
            <p className="text-sm text-muted-foreground" dir="auto">
              {t('upload.target', { place })}
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <span id="upload-section-label" className="text-xs font-medium text-muted-foreground">
              {t('upload.section')}
            </span>
            <Select value={section} onValueChange={(next) => setSection(next as MediaSection)}>
              <SelectTrigger aria-labelledby="upload-section-label" className="min-w-40" data-testid="upload-section">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {MEDIA_SECTIONS.map((option) => (
                  <SelectItem key={option} value={option} data-testid={`upload-section-${option}`}>
                    {t(`sections.${option}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>

        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a mouse shortcut; the buttons inside do the same from the keyboard. */}
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors',
            dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/25',
          )}
          data-testid="media-dropzone"
        >
          <Upload className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium">{dragging ? t('upload.dropActive') : t('upload.drop')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button type="button" onClick={() => picker.current?.click()}>
              <Upload />
              {t('upload.choose')}
            </Button>
            {/* On phones these open the camera directly; on desktops they fall back to the file picker. */}
            <Button type="button" variant="outline" onClick={() => camera.current?.click()}>
              <Camera />
              {t('upload.camera')}
            </Button>
            <Button type="button" variant="outline" className="sm:hidden" onClick={() => recorder.current?.click()}>
              <Video />
              {t('upload.video')}
            </Button>
          </div>
          <p className="max-w-prose text-xs text-muted-foreground">
            {t('upload.hint', { image: MEDIA_MAX_MB.IMAGE, video: MEDIA_MAX_MB.VIDEO, document: MEDIA_MAX_MB.DOCUMENT })}
          </p>
          <input
            ref={picker}
            type="file"
            multiple
            accept={MEDIA_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="media-file-input"
            onChange={(event) => {
              take(event.target.files);
              event.target.value = '';
            }}
          />
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              take(event.target.files);
              event.target.value = '';
            }}
          />
          <input
            ref={recorder}
            type="file"
            accept="video/*"
            capture="environment"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              take(event.target.files);
              event.target.value = '';
            }}
          />
        </div>

        {items.length > 0 && (
          <ul className="flex flex-col gap-2" aria-live="polite" data-testid="upload-list">
            {items.map((item) => {
              const problem = item.state === 'failed' ? (problemOf(item) ?? t('toasts.createFailed')) : undefined;
              return (
                <li
                  key={item.key}
                  className="flex flex-col gap-1 rounded-md border p-2 text-sm"
                  data-testid="upload-item"
                  data-state={item.state}
                >
                  <div className="flex items-center gap-2">
                    {item.state === 'done' && <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />}
                    {item.state === 'failed' && <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />}
                    <span className="min-w-0 flex-1 truncate">
                      <bdi>{item.name}</bdi>
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(item.size, i18n.language)}</span>
                    <span className="shrink-0 text-xs">
                      {item.state === 'done'
                        ? t('upload.done')
                        : item.state === 'failed'
                          ? t('upload.failed')
                          : t('upload.uploading', { progress: item.progress })}
                    </span>
                  </div>
                  {(item.state === 'uploading' || item.state === 'queued') && (
                    <Progress value={item.progress} aria-label={t('upload.progressLabel', { name: item.name })} />
                  )}
                  {problem && (
                    <p role="alert" className="text-xs text-destructive">
                      {problem}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {finished && (
          <Button variant="ghost" size="sm" className="self-end" onClick={onDismiss}>
            {t('upload.dismiss')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
