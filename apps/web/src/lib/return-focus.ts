// Closing a dialog or drawer returns focus to what opened it (issue 15). Radix does this for its own
// <Trigger>; a dialog opened from code (the modal store, a menu item, a row action, the shell's drawer
// button) remembers the element that had the focus when it opened. A menu item disappears with its menu, so
// the last focus outside any dialog or menu (the menu's button) stands in for it.
import { useRef } from 'react';

const POPUP_SELECTOR = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';
let lastFocusOutsidePopups: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement && !event.target.closest(POPUP_SELECTOR)) lastFocusOutsidePopups = event.target;
    },
    true,
  );
}

function findOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  return active.closest(POPUP_SELECTOR) ? lastFocusOutsidePopups : active;
}

type Handler = (event: Event) => void;

/**
 * Handlers for a Radix Dialog.Content: onOpenAutoFocus runs when it opens, before it moves the focus inside
 * itself, and notes the opener; onCloseAutoFocus focuses it again. The caller's own handlers run first and
 * may still preventDefault.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: Handler; onCloseAutoFocus?: Handler }): { onOpenAutoFocus: Handler; onCloseAutoFocus: Handler } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      opener.current = findOpener();
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      handlers.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
