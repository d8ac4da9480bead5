// The list's view (cards, table or list) is each user's own choice, remembered in localStorage under a key
// that includes their user id, so two people sharing a browser keep their own.
import { useCallback, useState } from 'react';
import { VISIT_VIEWS } from '@garage/shared/constants';
import { useAuth } from '../../lib/auth/session.ts';

export type VisitView = (typeof VISIT_VIEWS)[number];
const storageKey = (userId: string) => `garage:visits-view:${userId}`;

function read(userId: string | undefined): VisitView {
  if (!userId) return 'cards';
  try {
    const stored = localStorage.getItem(storageKey(userId));
    return (VISIT_VIEWS as readonly string[]).includes(stored ?? '') ? (stored as VisitView) : 'cards';
  } catch {
    return 'cards';
  }
}

export function useVisitView(): [VisitView, (view: VisitView) => void] {
  const userId = useAuth().user?.id;
  const [view, setView] = useState<VisitView>(() => read(userId));
  const [seenUser, setSeenUser] = useState(userId);
  if (seenUser !== userId) {
    setSeenUser(userId);
    setView(read(userId));
  }
  const choose = useCallback(
    (next: VisitView) => {
      setView(next);
      if (!userId) return;
      try {
        localStorage.setItem(storageKey(userId), next);
      } catch {
        // Without storage the choice lasts for this page only.
      }
    },
    [userId],
  );
  return [view, choose];
}
