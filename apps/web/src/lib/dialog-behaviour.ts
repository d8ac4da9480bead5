// What every dialog and drawer of the app does beyond Radix's defaults (components/ui/dialog.tsx, sheet.tsx).
//
// Closing returns focus to what opened it (issue 15). Radix does this for its own
// <Trigger>; a dialog opened from code (the modal store, a menu item, a row action, the shell's drawer
// button) remembers the element that had the focus when it opened. A menu item disappears with its menu, so
// the last focus outside any dialog or menu (the menu's button) stands in for it.
import { useCallback, useMemo, useRef, type Ref } from 'react';

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
type PointerDownOutsideHandler = (event: CustomEvent<{ originalEvent: PointerEvent }>) => void;

/**
 * Handlers for a Radix Dialog.Content: onOpenAutoFocus runs when it opens, before it moves the focus inside
 * itself, and notes the opener; onCloseAutoFocus focuses it again. The caller's own handlers run first and
 * may still preventDefault.
 */
function useReturnFocus(handlers: { onOpenAutoFocus?: Handler; onCloseAutoFocus?: Handler }): {
  onOpenAutoFocus: Handler;
  onCloseAutoFocus: Handler;
} {
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

/**
 * A press that began before the dialog opened is not a press outside it. Radix waits for the click that ends
 * a press outside before it closes the dialog; when that click is the one reopening a dialog that is still
 * animating out, the reopened dialog closed at once (a confirmation cancelled then asked again quickly, seen
 * on a loaded machine). The content's data-state tells when it (re)opened.
 */
function useDismissOnlyAfterOpening(onPointerDownOutside?: PointerDownOutsideHandler) {
  const openedAt = useRef(0);
  const observer = useRef<MutationObserver | null>(null);
  const ref = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    openedAt.current = performance.now();
    let state = node.dataset.state;
    observer.current = new MutationObserver(() => {
      if (node.dataset.state === 'open' && state !== 'open') openedAt.current = performance.now();
      state = node.dataset.state;
    });
    observer.current.observe(node, { attributes: true, attributeFilter: ['data-state'] });
  }, []);
  const handler: PointerDownOutsideHandler = (event) => {
    onPointerDownOutside?.(event);
    if (event.detail.originalEvent.timeStamp < openedAt.current) event.preventDefault();
  };
  return { ref, onPointerDownOutside: handler };
}

function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): (node: T | null) => void {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/** Props for a Radix Dialog.Content (dialog or sheet): the caller's own handlers and ref, then ours. */
export function useDialogBehaviour(props: {
  ref?: Ref<HTMLDivElement>;
  onOpenAutoFocus?: Handler;
  onCloseAutoFocus?: Handler;
  onPointerDownOutside?: PointerDownOutsideHandler;
}) {
  const returnFocus = useReturnFocus(props);
  const dismiss = useDismissOnlyAfterOpening(props.onPointerDownOutside);
  // One ref function per caller's ref: a new one each render would detach and reattach the node each time.
  const ref = useMemo(() => mergeRefs(props.ref, dismiss.ref), [props.ref, dismiss.ref]);
  return { ...returnFocus, onPointerDownOutside: dismiss.onPointerDownOutside, ref };
}
