// The document title of every route, "Page · Shop name" (issue 15), in one place next to nav-items.ts.
// Signed-in pages reuse the navigation labels (shell:pages.*); the public website, /login, /not-authorized
// and /setup use common:pageTitles.* so the landing page does not load the shell namespace. This module
// must stay light (no icons, no nav-items.ts): the public website imports it.
import { matchPath } from 'react-router-dom';

export interface PageTitleKey {
  ns: 'common' | 'shell';
  key: string;
}

const common = (key: string): PageTitleKey => ({ ns: 'common', key: `pageTitles.${key}` });
const shell = (key: string): PageTitleKey => ({ ns: 'shell', key: `pages.${key}` });

/** Most specific patterns first: the first match wins. */
export const ROUTE_TITLES: ReadonlyArray<readonly [pattern: string, title: PageTitleKey]> = [
  ['/', common('home')],
  ['/all-services', common('allServices')],
  ['/privacy-policy', common('privacyPolicy')],
  ['/terms-of-service', common('termsOfService')],
  ['/approve/:token', common('approve')],
  ['/unsubscribe/:token', common('unsubscribe')],
  ['/login', common('login')],
  ['/not-authorized', common('notAuthorized')],
  ['/setup', common('setup')],

  ['/admin/dashboard/main-panel', shell('mainPanel')],
  ['/admin/dashboard/real-time', shell('realTime')],
  ['/admin/dashboard/reports', shell('reports')],
  ['/admin/todo', shell('todo')],
  ['/admin/visits', shell('visits')],
  ['/admin/payments', common('payments')],
  ['/admin/search', shell('search')],
  ['/admin/user-profile', shell('profile')],
  ['/admin/users', shell('users')],
  ['/admin/users/:userId', shell('userDetail')],
  ['/admin/users/:userId/vehicle/:vehicleId', shell('vehicleDetail')],
  ['/admin/users/:userId/vehicle/:vehicleId/visit/:visitId', shell('visitDetail')],
  ['/admin/users/:userId/vehicle/:vehicleId/visit/:visitId/task/:taskId', shell('taskDetail')],
  ['/admin/user/oil/:userId/:vehicleId', shell('oilChanges')],
  ['/admin/messages', shell('messages')],
  ['/admin/messages/rate', shell('ratings')],
  ['/admin/reminders', shell('reminders')],
  ['/admin/appointments', shell('appointments')],
  ['/admin/inspections', shell('inspections')],
  ['/admin/inspections/:id', shell('inspection')],
  ['/admin/parts', shell('parts')],
  ['/admin/parts/settings', shell('partsSettings')],
  ['/admin/parts/:partId', shell('partDetail')],
  ['/admin/suppliers', shell('suppliers')],
  ['/admin/purchase-orders', shell('purchaseOrders')],
  ['/admin/purchase-orders/new', shell('newPurchaseOrder')],
  ['/admin/purchase-orders/:orderId', shell('purchaseOrder')],
  ['/admin/settings/offering', shell('offering')],
  ['/admin/settings/offering/:id', shell('offeringCategory')],
  ['/admin/inspection-templates', shell('inspectionTemplates')],
  ['/admin/inspection-templates/new', shell('newInspectionTemplate')],
  ['/admin/inspection-templates/:id', shell('inspectionTemplate')],
  ['/admin/settings/merchant-info', shell('merchantInfo')],
  ['/admin/settings/taxes', shell('taxes')],
  ['/admin/accounting', shell('accounting')],
  ['/admin/settings/static-data', shell('staticData')],
  ['/admin/settings/data', shell('dataTransfer')],
  ['/admin/media/*', shell('media')],

  ['/client/dashboard', shell('clientDashboard')],
  ['/client/profile', shell('profile')],
  ['/client/overview', shell('myVehicles')],
  ['/client/overview/oil/:vehicleId', shell('oilChanges')],
  ['/client/overview/:vehicleId', shell('vehicleDetail')],
  ['/client/overview/:vehicleId/:visitId', shell('visitDetail')],
  ['/client/overview/:vehicleId/:visitId/:taskId', shell('taskDetail')],
  ['/client/get-in-touch', shell('getInTouch')],
  ['/client/media', shell('media')],
  ['/client/media/*', shell('media')],
];

/** The title key of `pathname`; unknown paths are the not-found page. */
export function pageTitleKey(pathname: string): PageTitleKey {
  for (const [pattern, title] of ROUTE_TITLES) {
    if (matchPath({ path: pattern, end: true }, pathname)) return title;
  }
  return common('notFound');
}

/** "Visits · Atlas Garage"; the shop name alone while the page's label is not known yet. */
export function formatPageTitle(page: string | undefined, shopName: string): string {
  return page ? `${page} · ${shopName}` : shopName;
}
