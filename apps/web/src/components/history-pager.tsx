// Long histories (a vehicle's oil changes, a visit's payments) come from the API a window at a time, newest
// first (historyWindowSchema: `before` = a cursor). The screen shows one window and steps to older or newer
// ones; the stack of cursors remembers the way back.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';

export function useHistoryWindow() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    /** The cursor of the window on screen (undefined: the newest). */
    before: cursors.at(-1),
    showOlder: (cursor: string) => setCursors((stack) => [...stack, cursor]),
    showNewer: () => setCursors((stack) => stack.slice(0, -1)),
    hasNewer: cursors.length > 0,
  };
}

/** "Newer" / "Older" under a history; nothing when the whole history fits in one window. */
export function HistoryPager({
  olderCursor,
  window,
}: {
  olderCursor: string | null | undefined;
  window: ReturnType<typeof useHistoryWindow>;
}) {
  const { t } = useTranslation('common');
  if (!olderCursor && !window.hasNewer) return null;
  return (
    <nav aria-label={t('historyPager.label')} className="flex items-center justify-between gap-2 pt-3">
      <Button type="button" variant="outline" size="sm" disabled={!window.hasNewer} onClick={window.showNewer}>
        <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('historyPager.newer')}
      </Button>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={!olderCursor}
        onClick={() => olderCursor && window.showOlder(olderCursor)}
      >
        {t('historyPager.older')}
        <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
      </Button>
    </nav>
  );
}
