// A visit's photos and documents as a strip of thumbnails (click: preview in place) with a link to the full
// media page. For the staff visit page (area "admin") and the client's visit page (area "client").
import { useQuery } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { MediaThumb } from './media-grid.tsx';
import { MediaLightbox } from './media-lightbox.tsx';

const STRIP_SIZE = 8;

export function VisitMediaStrip({
  visitId,
  vehicleId,
  ownerId,
  area,
}: {
  visitId: string;
  vehicleId: string;
  ownerId: string;
  area: 'admin' | 'client';
}) {
  const { t } = useTranslation('media');
  const trpc = useTRPC();
  const [open, setOpen] = useState<number | null>(null);
  const staffList = useQuery({ ...trpc.media.list.queryOptions({ ownerId, visitId, pageSize: STRIP_SIZE }), enabled: area === 'admin' });
  const myList = useQuery({ ...trpc.myMedia.list.queryOptions({ visitId, pageSize: STRIP_SIZE }), enabled: area === 'client' });
  const list = area === 'admin' ? staffList : myList;
  const files = list.data?.items ?? [];
  const more = (list.data?.total ?? 0) - files.length;
  const href = `/${area}/media/${ownerId}/${vehicleId}/${visitId}`;

  return (
    <Card data-testid="visit-media-strip">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <ImageIcon className="size-4" aria-hidden="true" />
          {t('strip.title')}
        </CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to={href} data-testid="visit-media-link">
            {t('actions.viewAll')}
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div className="flex gap-2">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="size-20 shrink-0" />
            ))}
          </div>
        ) : list.isError ? (
          <p className="text-sm text-muted-foreground">{t('loadFailed')}</p>
        ) : files.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('strip.empty')}</p>
        ) : (
          <ul className="flex gap-2 overflow-x-auto pb-1">
            {files.map((file, index) => (
              <li key={file.id} className="shrink-0">
                <button
                  type="button"
                  onClick={() => setOpen(index)}
                  className="block size-20 overflow-hidden rounded-md border focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  aria-label={t('actions.open', { name: file.name })}
                >
                  <MediaThumb file={file} />
                </button>
              </li>
            ))}
            {more > 0 && (
              <li className="shrink-0">
                <Link to={href} className="flex size-20 items-center justify-center rounded-md border bg-muted text-sm font-medium">
                  {t('strip.more', { count: more })}
                </Link>
              </li>
            )}
          </ul>
        )}
      </CardContent>
      <MediaLightbox files={files} index={open} onIndex={setOpen} />
    </Card>
  );
}

/** The client visit page's section (features/client-portal CLIENT_VISIT_SECTIONS): the strip of this visit. */
export function ClientVisitMediaSection({ visit }: { visit: { id: string; vehicle: { id: string } } }) {
  const { user } = useAuth();
  if (!user) return null;
  return <VisitMediaStrip visitId={visit.id} vehicleId={visit.vehicle.id} ownerId={user.id} area="client" />;
}
