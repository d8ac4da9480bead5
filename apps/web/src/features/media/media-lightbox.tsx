// The preview: a photo at display size, a <video> player (the API answers byte ranges, so seeking works), a
// PDF in an <iframe> of the authorised URL, or a download for Word files. Arrow keys and buttons go to the
// previous and next file (mirrored in right-to-left languages).
import { ChevronLeft, ChevronRight, Download, FileText, Share2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '@garage/shared/schemas/media';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.tsx';
import { formatBytes, formatDate, mediaUrl } from './media-format.ts';
import { shareFile } from './media-share.ts';

function Preview({ file }: { file: MediaView }) {
  const { t } = useTranslation('media');
  const src = mediaUrl(file.url);
  if (file.type === 'IMAGE') {
    return <img src={src} alt={file.name} className="max-h-[70vh] w-auto max-w-full rounded object-contain" data-testid="lightbox-image" />;
  }
  if (file.type === 'VIDEO') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the shop's own clips of a car (uploads) have no caption track to offer.
      <video
        key={file.id}
        src={src}
        controls
        playsInline
        preload="metadata"
        className="max-h-[70vh] w-full rounded bg-black"
        data-testid="lightbox-video"
      >
        {t('preview.videoFallback')}
      </video>
    );
  }
  if (file.mimeType === 'application/pdf') {
    return (
      <iframe key={file.id} src={src} title={file.name} className="h-[70vh] w-full rounded border bg-white" data-testid="lightbox-pdf">
        {t('preview.pdfFallback')}
      </iframe>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-muted-foreground">
      <FileText className="size-16" aria-hidden="true" />
      <p>{t('preview.noPreview')}</p>
      <Button asChild>
        <a href={mediaUrl(file.downloadUrl)} download={file.name}>
          <Download />
          {t('actions.download')}
        </a>
      </Button>
    </div>
  );
}

export function MediaLightbox({
  files,
  index,
  onIndex,
}: {
  files: MediaView[];
  index: number | null;
  onIndex: (index: number | null) => void;
}) {
  const { t, i18n } = useTranslation('media');
  const file = index === null ? undefined : files[index];
  const count = files.length;

  useEffect(() => {
    if (index === null) return;
    const rtl = document.documentElement.dir === 'rtl';
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      const forward = (event.key === 'ArrowRight') !== rtl;
      onIndex((index + (forward ? 1 : count - 1)) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, count, onIndex]);

  return (
    <Dialog open={!!file} onOpenChange={(open) => !open && onIndex(null)}>
      <DialogContent
        closeLabel={t('actions.close')}
        className="max-w-[calc(100%-1rem)] gap-3 p-3 sm:max-w-5xl sm:p-4"
        data-testid="media-lightbox"
      >
        {file && (
          <>
            <div className="flex min-w-0 flex-col gap-1 pe-8">
              <DialogTitle className="truncate text-start text-base">
                <bdi>{file.name}</bdi>
              </DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2 text-xs">
                <Badge variant="secondary">{t(`sections.${file.section}`, { defaultValue: file.section })}</Badge>
                <span>{t('info.added', { date: formatDate(file.createdAt, i18n.language) })}</span>
                <span>{formatBytes(file.sizeBytes, i18n.language)}</span>
                {file.visit && <bdi>{file.visit.name}</bdi>}
                {file.uploadedBy && (
                  <span>{t('info.uploadedBy', { name: `${file.uploadedBy.firstName} ${file.uploadedBy.lastName}` })}</span>
                )}
              </DialogDescription>
            </div>
            <div className="flex min-h-40 items-center justify-center">
              <Preview file={file} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => onIndex((index! + count - 1) % count)} disabled={count < 2}>
                  <ChevronLeft className="rtl:rotate-180" />
                  {t('actions.previous')}
                </Button>
                <Button variant="outline" size="sm" onClick={() => onIndex((index! + 1) % count)} disabled={count < 2}>
                  {t('actions.next')}
                  <ChevronRight className="rtl:rotate-180" />
                </Button>
              </div>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => void shareFile(t, file)}>
                  <Share2 />
                  {t('actions.share')}
                </Button>
                <Button asChild size="sm">
                  <a href={mediaUrl(file.downloadUrl)} download={file.name} data-testid="lightbox-download">
                    <Download />
                    {t('actions.download')}
                  </a>
                </Button>
              </div>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
