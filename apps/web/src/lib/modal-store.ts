// The generic modal (SPEC §2, §4): open it with content from anywhere; closing clears the content.
import { useSyncExternalStore, type ReactNode } from 'react';

export interface ModalContent {
  title: ReactNode;
  description?: ReactNode;
  body: ReactNode;
  /** Wider panels for forms and tables. */
  size?: 'default' | 'wide';
}

let content: ModalContent | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function openModal(next: ModalContent) {
  content = next;
  emit();
}

export function closeModal() {
  content = null;
  emit();
}

export function useModalContent(): ModalContent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => content,
  );
}
