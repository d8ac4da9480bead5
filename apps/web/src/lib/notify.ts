// Toasts from code that is part of the first page load (the branding loader). react-hot-toast is loaded
// on demand here so the landing page does not ship it; screens that are lazily loaded anyway import
// `toast` from react-hot-toast directly.
type Kind = 'success' | 'error' | 'blank';

export function notify(kind: Kind, message: string, options: { id?: string } = {}) {
  void import('react-hot-toast').then(({ toast }) => (kind === 'blank' ? toast(message, options) : toast[kind](message, options)));
}
