import { AppShell } from './app-shell.tsx';
import { CLIENT_NAV } from './nav-items.ts';

export function ClientLayout() {
  return <AppShell nav={CLIENT_NAV} area="client" profilePath="/client/profile" />;
}
