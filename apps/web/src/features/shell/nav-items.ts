// Navigation of the signed-in areas. The active entry is the longest path that prefixes the location, so
// /admin/users/42 highlights "Users" and /admin/messages/rate highlights "Ratings". Pages that live under
// another entry's path name their entry with `owns` (SPEC's visit and task pages sit under /admin/users/).
import {
  Activity,
  ArrowDownUp,
  Bell,
  Calculator,
  CalendarDays,
  Car,
  ClipboardCheck,
  ClipboardList,
  ClipboardPen,
  Database,
  FileSpreadsheet,
  Images,
  LayoutDashboard,
  ListChecks,
  ListTodo,
  MessageSquare,
  Package,
  Palette,
  Percent,
  Search,
  Star,
  Truck,
  UserRound,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  key: string;
  to: string;
  Icon: LucideIcon;
  /** Locations outside `to` that belong to this entry. */
  owns?: RegExp;
  /** A live count shown on the entry (see app-shell.tsx). */
  badge?: 'unreadMessages' | 'customerDecisions' | 'reminders' | 'appointments';
}

export interface NavGroup {
  key: string;
  items: NavItem[];
}

export const ADMIN_NAV: NavGroup[] = [
  {
    key: 'work',
    items: [
      { key: 'mainPanel', to: '/admin/dashboard/main-panel', Icon: LayoutDashboard },
      { key: 'realTime', to: '/admin/dashboard/real-time', Icon: Activity },
      { key: 'reports', to: '/admin/dashboard/reports', Icon: FileSpreadsheet },
      { key: 'todo', to: '/admin/todo', Icon: ListTodo },
      { key: 'appointments', to: '/admin/appointments', Icon: CalendarDays, badge: 'appointments' },
      {
        key: 'visits',
        to: '/admin/visits',
        Icon: ClipboardList,
        owns: /^\/admin\/users\/[^/]+\/vehicle\/[^/]+\/visit\//,
        badge: 'customerDecisions',
      },
      { key: 'inspections', to: '/admin/inspections', Icon: ClipboardPen },
    ],
  },
  {
    key: 'customers',
    items: [
      // A customer's media pages (/admin/media/{userId}/...) belong to the customer.
      { key: 'users', to: '/admin/users', Icon: Users, owns: /^\/admin\/media\// },
      { key: 'search', to: '/admin/search', Icon: Search },
      { key: 'messages', to: '/admin/messages', Icon: MessageSquare, badge: 'unreadMessages' },
      { key: 'reminders', to: '/admin/reminders', Icon: Bell, badge: 'reminders' },
      { key: 'ratings', to: '/admin/messages/rate', Icon: Star },
    ],
  },
  {
    key: 'inventory',
    items: [
      // A part's page and the rates and markup settings belong to the parts entry.
      { key: 'parts', to: '/admin/parts', Icon: Package, owns: /^\/admin\/parts\// },
      { key: 'purchaseOrders', to: '/admin/purchase-orders', Icon: ClipboardCheck },
      { key: 'suppliers', to: '/admin/suppliers', Icon: Truck },
    ],
  },
  {
    key: 'settings',
    items: [
      { key: 'offering', to: '/admin/settings/offering', Icon: Wrench },
      { key: 'inspectionTemplates', to: '/admin/inspection-templates', Icon: ListChecks },
      { key: 'merchantInfo', to: '/admin/settings/merchant-info', Icon: Palette },
      { key: 'taxes', to: '/admin/settings/taxes', Icon: Percent },
      { key: 'accounting', to: '/admin/accounting', Icon: Calculator },
      { key: 'staticData', to: '/admin/settings/static-data', Icon: Database },
      { key: 'dataTransfer', to: '/admin/settings/data', Icon: ArrowDownUp },
    ],
  },
];

export const CLIENT_NAV: NavGroup[] = [
  {
    key: 'account',
    items: [
      { key: 'clientDashboard', to: '/client/dashboard', Icon: LayoutDashboard },
      { key: 'myVehicles', to: '/client/overview', Icon: Car },
      { key: 'media', to: '/client/media', Icon: Images },
      { key: 'getInTouch', to: '/client/get-in-touch', Icon: MessageSquare },
      { key: 'profile', to: '/client/profile', Icon: UserRound },
    ],
  },
];

export function activeNavKey(groups: readonly NavGroup[], pathname: string): string {
  const items = groups.flatMap((group) => group.items);
  const owner = items.find((item) => item.owns?.test(pathname));
  if (owner) return owner.key;
  let best: NavItem | undefined;
  for (const item of items) {
    const matches = pathname === item.to || pathname.startsWith(`${item.to}/`);
    if (matches && (!best || item.to.length > best.to.length)) best = item;
  }
  return best?.key ?? '';
}
