// The whole tRPC API. Each feature adds one line here; the web app imports only the AppRouter type.
import { authRouter } from '../modules/auth/auth.router.ts';
import { merchantRouter } from '../modules/merchant/merchant.router.ts';
import { contactRouter } from '../modules/contact/contact.router.ts';
import { messagesRouter } from '../modules/messages/messages.router.ts';
import { ratingsRouter } from '../modules/ratings/ratings.router.ts';
import { offeringRouter } from '../modules/offering/offering.router.ts';
import { oilChangesRouter } from '../modules/oil-changes/oil-changes.router.ts';
import { searchRouter } from '../modules/search/search.router.ts';
import { staticDataRouter } from '../modules/static-data/static-data.router.ts';
import { profileRouter } from '../modules/users/profile.router.ts';
import { usersRouter } from '../modules/users/users.router.ts';
import { myVehiclesRouter } from '../modules/vehicles/my-vehicles.router.ts';
import { vehiclesRouter } from '../modules/vehicles/vehicles.router.ts';
import { visitsRouter } from '../modules/visits/visits.router.ts';
import { tasksRouter } from '../modules/tasks/tasks.router.ts';
import { paymentsRouter } from '../modules/payments/payments.router.ts';
import { todosRouter } from '../modules/todos/todos.router.ts';
import { analyticsRouter } from '../modules/analytics/analytics.router.ts';
import { dataTransferRouter } from '../modules/data-transfer/data-transfer.router.ts';
import { dashboardRouter } from '../modules/dashboard/dashboard.router.ts';
import { reportsRouter } from '../modules/reports/reports.router.ts';
import { mediaRouter, myMediaRouter } from '../modules/media/media.router.ts';
import { setupRouter } from '../modules/setup/setup.router.ts';
import { myVisitsRouter } from '../modules/my-visits/my-visits.router.ts';
import { approvalsRouter } from '../modules/approvals/approvals.router.ts';
import { invoicesRouter, myInvoicesRouter } from '../modules/invoices/invoices.router.ts';
import { myRemindersRouter, remindersRouter } from '../modules/reminders/reminders.router.ts';
import { appointmentsRouter, myAppointmentsRouter } from '../modules/appointments/appointments.router.ts';
import { createCallerFactory, router } from './init.ts';

export const appRouter = router({
  auth: authRouter,
  merchant: merchantRouter,
  contact: contactRouter,
  messages: messagesRouter,
  ratings: ratingsRouter,
  offering: offeringRouter,
  users: usersRouter,
  profile: profileRouter,
  vehicles: vehiclesRouter,
  myVehicles: myVehiclesRouter,
  oilChanges: oilChangesRouter,
  staticData: staticDataRouter,
  search: searchRouter,
  visits: visitsRouter,
  tasks: tasksRouter,
  payments: paymentsRouter,
  todos: todosRouter,
  analytics: analyticsRouter,
  dataTransfer: dataTransferRouter,
  dashboard: dashboardRouter,
  reports: reportsRouter,
  media: mediaRouter,
  myMedia: myMediaRouter,
  setup: setupRouter,
  myVisits: myVisitsRouter,
  approvals: approvalsRouter,
  invoices: invoicesRouter,
  myInvoices: myInvoicesRouter,
  reminders: remindersRouter,
  myReminders: myRemindersRouter,
  appointments: appointmentsRouter,
  myAppointments: myAppointmentsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
