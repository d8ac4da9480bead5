import { AppShell } from './app-shell.tsx';
import { ADMIN_NAV } from './nav-items.ts';

export function AdminLayout() {
  return <AppShell nav={ADMIN_NAV} area="admin" profilePath="/admin/user-profile" />;
}
