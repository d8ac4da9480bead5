// A page that knows a better title than its route (the sign-in steps, a customer's name) names it here;
// components/route-a11y.tsx writes "Page · Shop name" into <title>. The last mounted page wins.
import { useEffect, useSyncExternalStore } from 'react';

const stack: { title: string }[] = [];
const listeners = new Set<() => void>();
let current: string | null = null;

function emit() {
  current = stack.at(-1)?.title ?? null;
  for (const listener of listeners) listener();
}

/** Overrides the route's page label (not the shop name) while the calling component is mounted. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const entry = { title };
    stack.push(entry);
    emit();
    return () => {
      stack.splice(stack.indexOf(entry), 1);
      emit();
    };
  }, [title]);
}

export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
