// The shop and its branding written into index.html by the server for this page load (see
// packages/shared/src/boot-data.ts). Read once at boot; absent with the dev server or a static host.
import { BOOT_DATA_ELEMENT_ID, type BootData } from '@garage/shared/boot-data';

export function takeBootData(): BootData | null {
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as BootData;
  } catch {
    return null;
  }
}
