// The grid of files: a thumbnail (photos) or a kind icon (videos, documents), the name, the section and the
// date; a click opens the preview; the menu holds download, share and, for staff, rename, move and delete
// (a client: delete on the files they added themselves).
import { Download, FileText, Film, MoreVertical, MoveRight, Pencil, Share2, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '@garage/shared/schemas/media';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/utils.ts';
import { formatBytes, formatDate, mediaUrl } from './media-format.ts';
import { shareFile } from './media-share.ts';

export type MediaAction = 'rename' | 'move' | 'delete';

export function MediaThumb({ file, className }: { file: MediaView; className?: string }) {
  if (file.thumbnailUrl) {
    return (
      <img src={mediaUrl(file.thumbnailUrl)} alt="" loading="lazy" decoding="async" className={cn('size-full object-cover', className)} />
    );
  }
  const Icon = file.type === 'VIDEO' ? Film : FileText;
  return (
    <div className={cn('flex size-full flex-col items-center justify-center gap-1 bg-muted text-muted-foreground', className)}>
      <Icon className="size-10" aria-hidden="true" />
      <span className="text-xs font-medium uppercase" dir="ltr">
        {file.name.split('.').pop()}
      </span>
    </div>
  );
}

export function MediaGrid({
  files,
  canEdit,
  canDelete,
  onOpen,
  onAction,
}: {
  files: MediaView[];
  /** Rename, move and delete (staff). */
  canEdit: boolean;
  /** Delete only, for the files this returns true for (a client's own uploads). */
  canDelete?: (file: MediaView) => boolean;
  onOpen: (index: number) => void;
  onAction: (action: MediaAction, file: MediaView) => void;
}) {
  const { t, i18n } = useTranslation('media');
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" data-testid="media-grid">
      {files.map((file, index) => (
        <li
          key={file.id}
          className="group relative flex flex-col overflow-hidden rounded-lg border bg-card shadow-xs"
          data-testid="media-tile"
        >
          <button
            type="button"
            className="relative aspect-square w-full overflow-hidden focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            onClick={() => onOpen(index)}
            aria-label={t('actions.open', { name: file.name })}
            data-testid="media-open"
          >
            <MediaThumb file={file} className="transition-transform group-hover:scale-105" />
            {file.type === 'VIDEO' && (
              <span className="absolute start-2 top-2 rounded bg-black/60 px-1.5 py-0.5 text-xs text-white">
                <Film className="inline size-3" aria-hidden="true" /> {t('types.VIDEO')}
              </span>
            )}
          </button>
          <div className="flex items-start gap-1 p-2">
            <div className="min-w-0 flex-1">
              {/* Left-to-right so a long name loses its end, not its start, in Arabic too. */}
              <p className="truncate text-sm font-medium rtl:text-right" title={file.name} dir="ltr">
                {file.name}
              </p>
              <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                <Badge variant="secondary">{t(`sections.${file.section}`, { defaultValue: file.section })}</Badge>
                <span className="whitespace-nowrap">
                  <bdi>{formatDate(file.createdAt, i18n.language)}</bdi> · <bdi>{formatBytes(file.sizeBytes, i18n.language)}</bdi>
                </span>
              </div>
            </div>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0"
                  aria-label={t('actions.more', { name: file.name })}
                  data-testid="media-menu"
                >
                  <MoreVertical />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem asChild>
                  <a href={mediaUrl(file.downloadUrl)} download={file.name}>
                    <Download />
                    {t('actions.download')}
                  </a>
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => void shareFile(t, file)}>
                  <Share2 />
                  {t('actions.share')}
                </DropdownMenuItem>
                {canEdit && (
                  <>
                    <DropdownMenuItem onSelect={() => onAction('rename', file)}>
                      <Pencil />
                      {t('actions.rename')}
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => onAction('move', file)}>
                      <MoveRight className="rtl:rotate-180" />
                      {t('actions.move')}
                    </DropdownMenuItem>
                  </>
                )}
                {(canEdit || canDelete?.(file)) && (
                  <DropdownMenuItem className="text-destructive" onSelect={() => onAction('delete', file)} data-testid="media-delete">
                    <Trash2 />
                    {t('actions.delete')}
                  </DropdownMenuItem>
                )}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </li>
      ))}
    </ul>
  );
}
