// The shell's UI state (SPEC §3): a tiny external store read with useSyncExternalStore, so any component
// can read or change it without a provider. Dark mode is remembered across visits.
import { useSyncExternalStore } from 'react';
import { DARK_MODE_COOKIE } from '@garage/shared/boot-data';

export interface SelectedUser {
  name: string;
  email: string;
  password: string;
}

export interface UiState {
  activeTab: string;
  isDrawerOpen: boolean;
  isNavbarOpen: boolean;
  isTableHeaderOpen: boolean;
  isLtr: boolean;
  isDarkMode: boolean;
  selectedUser: SelectedUser | null;
}

const DARK_MODE_KEY = 'isDarkMode';

function readDarkMode(): boolean {
  try {
    return localStorage.getItem(DARK_MODE_KEY) === 'true';
  } catch {
    return false;
  }
}

let state: UiState = {
  activeTab: '',
  isDrawerOpen: false,
  isNavbarOpen: true,
  isTableHeaderOpen: false,
  isLtr: true,
  isDarkMode: typeof localStorage === 'undefined' ? false : readDarkMode(),
  selectedUser: null,
};
const listeners = new Set<() => void>();

/** The server's drawing of a start screen (server-render.tsx): dark mode as the visitor has it, nothing applied. */
export function setDarkModeForDrawing(isDarkMode: boolean) {
  state = { ...state, isDarkMode };
}

export function getUiState(): UiState {
  return state;
}

export function setUiState(patch: Partial<UiState> | ((current: UiState) => Partial<UiState>)) {
  const changes = typeof patch === 'function' ? patch(state) : patch;
  state = { ...state, ...changes };
  if ('isDarkMode' in changes) applyDarkMode(state.isDarkMode);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUiState<T>(selector: (current: UiState) => T): T {
  return useSyncExternalStore(subscribe, () => selector(state));
}

export function applyDarkMode(isDarkMode: boolean) {
  document.documentElement.classList.toggle('dark', isDarkMode);
  try {
    localStorage.setItem(DARK_MODE_KEY, String(isDarkMode));
  } catch {
    // ignore
  }
  // The server reads it to send the next page dark from its first paint (apps/api start-page.ts).
  document.cookie = isDarkMode
    ? `${DARK_MODE_COOKIE}=1; Max-Age=31536000; Path=/; SameSite=Lax`
    : `${DARK_MODE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
