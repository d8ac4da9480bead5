// The complete route tree (SPEC §2). Every screen is a lazily loaded module; lazyPage loads a screen's
// code and its translation namespaces in parallel. Only the signed-in areas sit inside <TrpcScope>: the
// public website, /login and /setup do not ship the tRPC client.
import { lazy, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ADMIN_AREA_ROLES, CLIENT_AREA_ROLES } from '@garage/shared/constants';
import { PublicLayout } from './features/public/index.ts';
import { i18n } from './lib/i18n.ts';
import { START_ROUTES } from './start-routes.ts';

type Loader<M> = () => Promise<M>;
const preloads = new Map<string, () => Promise<unknown>>();

function lazyPage<M, K extends keyof M>(load: Loader<M>, name: K, namespaces: readonly string[] = [], preloadPath?: string) {
  // One load per screen, shared by the preload and the first render (a failed one may be tried again).
  let loading: Promise<ComponentType> | null = null;
  let loaded: ComponentType | null = null;
  const loadAll = () => {
    loading ??= Promise.all([load(), namespaces.length ? i18n.loadNamespaces([...namespaces]) : undefined]).then(
      ([module]) => (loaded = module[name] as ComponentType),
    );
    loading.catch(() => (loading = null));
    return loading;
  };
  if (preloadPath) preloads.set(preloadPath, loadAll);
  const Lazy = lazy(async () => ({ default: await loadAll() }));
  // A screen whose code is already here renders at once instead of suspending for a microtask: the first
  // render then draws the screen itself, so over a page the server drew (main.tsx) it keeps the server's
  // elements instead of replacing them with the loading frame. Chosen once per mount: switching from Lazy
  // to the screen later would remount it and lose its state.
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module load, not during a render.
  return function Page(props: object) {
    const [Screen] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Screen {...props} />;
  };
}

/** A screen a visit can start on (start-routes.ts): its namespaces, and its path for preloadRoute. */
function startRoute(pathname: keyof typeof START_ROUTES) {
  return [START_ROUTES[pathname].namespaces, pathname] as const;
}

/**
 * Starts loading the screen for `pathname` before React asks for it (no request waterfall on entry);
 * resolves when it is loaded (at once for a path without a preload).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  return preloads.get(pathname)?.() ?? Promise.resolve();
}

const SHELL = ['shell'];

// Public website
const HomePage = lazyPage(() => import('./features/home/home-page.tsx'), 'HomePage', ...startRoute('/'));
const AllServicesPage = lazyPage(
  () => import('./features/services/all-services-page.tsx'),
  'AllServicesPage',
  ...startRoute('/all-services'),
);
const PrivacyPolicyPage = lazyPage(() => import('./features/legal/privacy-policy-page.tsx'), 'PrivacyPolicyPage', ['legal']);
const TermsOfServicePage = lazyPage(() => import('./features/legal/terms-of-service-page.tsx'), 'TermsOfServicePage', ['legal']);
const NotFoundPage = lazyPage(() => import('./features/public/not-found-page.tsx'), 'NotFoundPage');
const ApprovePage = lazyPage(() => import('./features/approvals/approve-page.tsx'), 'ApprovePage', ['approvals', 'tasks']);
const UnsubscribePage = lazyPage(() => import('./features/reminders/unsubscribe-page.tsx'), 'UnsubscribePage', ['reminders']);

// Sign-in (auth feature) and the tRPC boundary
const TrpcScope = lazyPage(() => import('./components/trpc-scope.tsx'), 'TrpcScope');
const RequireRole = lazy(() => import('./features/auth/require-role.tsx').then((module) => ({ default: module.RequireRole })));
// Every namespace its first paint uses (the form's labels and messages), loaded with its code from boot: no waterfall.
const LoginPage = lazyPage(() => import('./features/auth/login-page.tsx'), 'LoginPage', ...startRoute('/login'));
const NotAuthorizedPage = lazyPage(() => import('./features/auth/not-authorized-page.tsx'), 'NotAuthorizedPage', ['auth']);
const SetupPage = lazyPage(() => import('./features/setup/setup-page.tsx'), 'SetupPage', ...startRoute('/setup'));

// Signed-in frames
const AdminLayout = lazyPage(() => import('./features/shell/admin-layout.tsx'), 'AdminLayout', SHELL);
const ClientLayout = lazyPage(() => import('./features/shell/client-layout.tsx'), 'ClientLayout', SHELL);

// Staff screens
const TodoPage = lazyPage(() => import('./features/todo/todo-page.tsx'), 'TodoPage', ['todo', 'validation', 'fields']);
const VisitsPage = lazyPage(() => import('./features/visits/visits-page.tsx'), 'VisitsPage', [
  'visits',
  'tasks',
  'validation',
  'fields',
  'offering',
]);
const PaymentsPage = lazyPage(() => import('./features/payments/payments-page.tsx'), 'PaymentsPage', ['payments']);
const SearchPage = lazyPage(() => import('./features/search/search-page.tsx'), 'SearchPage');
const ProfilePage = lazyPage(() => import('./features/profile/profile-page.tsx'), 'ProfilePage');
const UsersPage = lazyPage(() => import('./features/users/users-page.tsx'), 'UsersPage', ['tax']);
const UserDetailPage = lazyPage(() => import('./features/users/user-detail-page.tsx'), 'UserDetailPage', ['tax']);
const VehicleDetailPage = lazyPage(() => import('./features/vehicles/vehicle-detail-page.tsx'), 'VehicleDetailPage', [
  'reminders',
  'specCard',
]);
const OilChangesPage = lazyPage(() => import('./features/oil-changes/oil-changes-page.tsx'), 'OilChangesPage');
const VisitDetailPage = lazyPage(() => import('./features/visits/visit-detail-page.tsx'), 'VisitDetailPage', [
  'visits',
  'specCard',
  'tasks',
  'parts',
  'payments',
  'approvals',
  'invoices',
  'validation',
  'fields',
  'tax',
]);
const TaskDetailPage = lazyPage(() => import('./features/tasks/task-detail-page.tsx'), 'TaskDetailPage', [
  'tasks',
  'specCard',
  'parts',
  'visits',
  'approvals',
  'validation',
  'fields',
  'tax',
]);
const MessagesPage = lazyPage(() => import('./features/messages/messages-page.tsx'), 'MessagesPage', ['messages', 'validation', 'fields']);
const RemindersPage = lazyPage(() => import('./features/reminders/reminders-page.tsx'), 'RemindersPage', ['reminders']);
const AppointmentsPage = lazyPage(() => import('./features/appointments/appointments-page.tsx'), 'AppointmentsPage', ['appointments']);
const RatingsPage = lazyPage(() => import('./features/messages/ratings-page.tsx'), 'RatingsPage', ['ratings']);
const MainPanelPage = lazyPage(() => import('./features/dashboard/main-panel-page.tsx'), 'MainPanelPage', [
  'dashboard',
  'tasks',
  'payments',
  'analytics',
]);
const RealTimePage = lazyPage(() => import('./features/dashboard/real-time-page.tsx'), 'RealTimePage', ['analytics']);
const ReportsPage = lazyPage(() => import('./features/reports/reports-page.tsx'), 'ReportsPage', ['reports', 'visits']);
const PARTS = ['parts', 'validation', 'fields', 'tax'];
const PartsPage = lazyPage(() => import('./features/parts/parts-page.tsx'), 'PartsPage', PARTS);
const PartDetailPage = lazyPage(() => import('./features/parts/part-detail-page.tsx'), 'PartDetailPage', PARTS);
const AccountingPage = lazyPage(() => import('./features/accounting/accounting-page.tsx'), 'AccountingPage', ['accounting']);
const TaxSettingsPage = lazyPage(() => import('./features/tax/tax-settings-page.tsx'), 'TaxSettingsPage', ['tax', 'validation', 'fields']);
const PartsSettingsPage = lazyPage(() => import('./features/parts/parts-settings-page.tsx'), 'PartsSettingsPage', PARTS);
const SuppliersPage = lazyPage(() => import('./features/parts/suppliers-page.tsx'), 'SuppliersPage', PARTS);
const PurchaseOrdersPage = lazyPage(() => import('./features/purchase-orders/purchase-orders-page.tsx'), 'PurchaseOrdersPage', [
  'purchaseOrders',
]);
const NewPurchaseOrderPage = lazyPage(() => import('./features/purchase-orders/purchase-order-page.tsx'), 'NewPurchaseOrderPage', [
  'purchaseOrders',
  'parts',
  'validation',
  'fields',
]);
const PurchaseOrderPage = lazyPage(() => import('./features/purchase-orders/purchase-order-page.tsx'), 'PurchaseOrderPage', [
  'purchaseOrders',
  'parts',
  'validation',
  'fields',
]);
const OfferingPage = lazyPage(() => import('./features/offering/offering-page.tsx'), 'OfferingPage', [
  'offering',
  'tasks',
  'parts',
  'users',
  'fields',
  'validation',
  'tax',
]);
const OfferingCategoryPage = lazyPage(() => import('./features/offering/offering-category-page.tsx'), 'OfferingCategoryPage', [
  'offering',
  'tasks',
  'parts',
  'users',
  'fields',
  'validation',
  'tax',
]);
const InspectionTemplatesPage = lazyPage(
  () => import('./features/inspection-templates/inspection-templates-page.tsx'),
  'InspectionTemplatesPage',
  ['inspection-templates'],
);
const InspectionTemplateEditorPage = lazyPage(
  () => import('./features/inspection-templates/inspection-template-editor-page.tsx'),
  'InspectionTemplateEditorPage',
  ['inspection-templates', 'validation', 'fields'],
);
const BrandingManagerPage = lazyPage(() => import('./features/branding/manager/branding-manager-page.tsx'), 'BrandingManagerPage', [
  'branding',
  'validation',
  'fields',
]);
const StaticDataPage = lazyPage(() => import('./features/static-data/static-data-page.tsx'), 'StaticDataPage');
const DataTransferPage = lazyPage(() => import('./features/data-transfer/data-transfer-page.tsx'), 'DataTransferPage', [
  'dataTransfer',
  'validation',
  'fields',
]);
const MediaPage = lazyPage(() => import('./features/media/media-page.tsx'), 'MediaPage', ['media', 'validation', 'fields']);
const INSPECTIONS = ['inspections', 'approvals', 'validation', 'fields'];
const InspectionsPage = lazyPage(() => import('./features/inspections/inspections-page.tsx'), 'InspectionsPage', INSPECTIONS);
const InspectionPage = lazyPage(() => import('./features/inspections/inspection-page.tsx'), 'InspectionPage', INSPECTIONS);

// Client screens
const ClientDashboardPage = lazyPage(() => import('./features/dashboard/client-dashboard-page.tsx'), 'ClientDashboardPage', [
  'dashboard',
  'visits',
  'ratings',
  'reminders',
  'appointments',
]);
const MyVehiclesPage = lazyPage(() => import('./features/vehicles/my-vehicles-page.tsx'), 'MyVehiclesPage');
const MyVehiclePage = lazyPage(() => import('./features/vehicles/my-vehicle-page.tsx'), 'MyVehiclePage', [
  'reminders',
  'appointments',
  'specCard',
]);
const MyOilChangesPage = lazyPage(() => import('./features/oil-changes/my-oil-changes-page.tsx'), 'MyOilChangesPage');
const MyVisitPage = lazyPage(() => import('./features/visits/my-visit-page.tsx'), 'MyVisitPage', [
  'approvals',
  'visits',
  'tasks',
  'parts',
  'payments',
  'invoices',
  'tax',
]);
const MyTaskPage = lazyPage(() => import('./features/tasks/my-task-page.tsx'), 'MyTaskPage', ['approvals', 'tasks', 'visits', 'parts']);
const GetInTouchPage = lazyPage(() => import('./features/contact/get-in-touch-page.tsx'), 'GetInTouchPage', [
  'contact',
  'validation',
  'fields',
]);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path="all-services" element={<AllServicesPage />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-of-service" element={<TermsOfServicePage />} />
        <Route path="approve/:token" element={<ApprovePage />} />
        <Route path="unsubscribe/:token" element={<UnsubscribePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>

      {/* Sign-in and setup talk REST only: outside the tRPC scope, they do not ship the tRPC client. */}
      <Route path="login" element={<LoginPage />} />
      <Route path="not-authorized" element={<NotAuthorizedPage />} />
      <Route path="setup" element={<SetupPage />} />

      <Route element={<TrpcScope />}>
        <Route
          path="admin"
          element={
            <RequireRole roles={ADMIN_AREA_ROLES}>
              <AdminLayout />
            </RequireRole>
          }
        >
          <Route index element={<Navigate to="dashboard/main-panel" replace />} />
          <Route path="todo" element={<TodoPage />} />
          <Route path="visits" element={<VisitsPage />} />
          <Route path="payments" element={<PaymentsPage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="user-profile" element={<ProfilePage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="users/:userId" element={<UserDetailPage />} />
          <Route path="users/:userId/vehicle/:vehicleId" element={<VehicleDetailPage />} />
          <Route path="user/oil/:userId/:vehicleId" element={<OilChangesPage />} />
          <Route path="users/:userId/vehicle/:vehicleId/visit/:visitId" element={<VisitDetailPage />} />
          <Route path="users/:userId/vehicle/:vehicleId/visit/:visitId/task/:taskId" element={<TaskDetailPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="messages/rate" element={<RatingsPage />} />
          <Route path="reminders" element={<RemindersPage />} />
          <Route path="appointments" element={<AppointmentsPage />} />
          <Route path="inspections" element={<InspectionsPage />} />
          <Route path="inspections/:id" element={<InspectionPage />} />
          <Route path="dashboard" element={<Navigate to="main-panel" replace />} />
          <Route path="dashboard/main-panel" element={<MainPanelPage />} />
          <Route path="dashboard/real-time" element={<RealTimePage />} />
          <Route path="dashboard/reports" element={<ReportsPage />} />
          <Route path="parts" element={<PartsPage />} />
          <Route path="parts/settings" element={<PartsSettingsPage />} />
          <Route path="parts/:partId" element={<PartDetailPage />} />
          <Route path="suppliers" element={<SuppliersPage />} />
          <Route path="purchase-orders" element={<PurchaseOrdersPage />} />
          <Route path="purchase-orders/new" element={<NewPurchaseOrderPage />} />
          <Route path="purchase-orders/:orderId" element={<PurchaseOrderPage />} />
          <Route path="settings" element={<Navigate to="offering" replace />} />
          <Route path="settings/offering" element={<OfferingPage />} />
          <Route path="settings/offering/:id" element={<OfferingCategoryPage />} />
          <Route path="inspection-templates" element={<InspectionTemplatesPage />} />
          <Route path="inspection-templates/new" element={<InspectionTemplateEditorPage />} />
          <Route path="inspection-templates/:id" element={<InspectionTemplateEditorPage />} />
          <Route path="settings/merchant-info" element={<BrandingManagerPage />} />
          <Route path="settings/taxes" element={<TaxSettingsPage />} />
          <Route path="accounting" element={<AccountingPage />} />
          <Route path="settings/static-data" element={<StaticDataPage />} />
          <Route path="settings/data" element={<DataTransferPage />} />
          <Route path="media/:userId" element={<MediaPage />} />
          <Route path="media/:userId/:vehicleId" element={<MediaPage />} />
          <Route path="media/:userId/:vehicleId/:visitId" element={<MediaPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>

        <Route
          path="client"
          element={
            <RequireRole roles={CLIENT_AREA_ROLES}>
              <ClientLayout />
            </RequireRole>
          }
        >
          <Route index element={<Navigate to="dashboard" replace />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="dashboard" element={<ClientDashboardPage />} />
          <Route path="overview" element={<MyVehiclesPage />} />
          <Route path="overview/:vehicleId" element={<MyVehiclePage />} />
          <Route path="overview/oil/:vehicleId" element={<MyOilChangesPage />} />
          <Route path="overview/:vehicleId/:visitId" element={<MyVisitPage />} />
          <Route path="overview/:vehicleId/:visitId/:taskId" element={<MyTaskPage />} />
          <Route path="get-in-touch" element={<GetInTouchPage />} />
          <Route path="media" element={<MediaPage />} />
          <Route path="media/:userId" element={<MediaPage />} />
          <Route path="media/:userId/:vehicleId" element={<MediaPage />} />
          <Route path="media/:userId/:vehicleId/:visitId" element={<MediaPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
