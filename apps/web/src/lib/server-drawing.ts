// A page the server drew (server-render.tsx) shows its form before the app has started. Sent then, the
// sign-in form goes natively to POST /login, which signs in on the server (apps/api login-form.ts); what
// the visitor typed meanwhile is read from the drawing, so the form the app renders over it starts with it instead of
// clearing it (react-hook-form writes its default values into the fields).
import { SERVER_DRAWN_ATTRIBUTE } from '@garage/shared/boot-data';

/** True while rendering on the server (the start screens' drawing). */
export const drawingOnServer = typeof document === 'undefined';

/** The text typed into the drawn field `id` before the app's first render; '' otherwise (and on the server). */
export function typedBeforeStart(id: string): string {
  if (typeof document === 'undefined' || !document.getElementById('root')?.hasAttribute(SERVER_DRAWN_ATTRIBUTE)) return '';
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement ? field.value : '';
}
