// Every operation of the API, by namespace: the one list both transports are generated from. The tRPC
// router (router.ts) serves `<namespace>.<name>`; app.ts registers each operation's REST binding. A new
// module adds one line here. What cannot travel over tRPC stays in the modules' *.rest.ts files, listed in
// REST_ONLY_ROUTES (rest-only.ts).
import { analyticsOperations } from './modules/analytics/analytics.operations.ts';
import { authOperations } from './modules/auth/auth.operations.ts';
import { visitsOperations } from './modules/visits/visits.operations.ts';
import { tasksOperations } from './modules/tasks/tasks.operations.ts';
import { paymentsOperations } from './modules/payments/payments.operations.ts';
import { invoicesOperations, myInvoicesOperations } from './modules/invoices/invoices.operations.ts';
import { myVisitsOperations } from './modules/my-visits/my-visits.operations.ts';
import { approvalsOperations } from './modules/approvals/approvals.operations.ts';
import { ratingsOperations } from './modules/ratings/ratings.operations.ts';
import { contactOperations } from './modules/contact/contact.operations.ts';
import { messagesOperations } from './modules/messages/messages.operations.ts';
import { usersOperations } from './modules/users/users.operations.ts';
import { profileOperations } from './modules/users/profile.operations.ts';
import { vehiclesOperations } from './modules/vehicles/vehicles.operations.ts';
import { myVehiclesOperations } from './modules/vehicles/my-vehicles.operations.ts';
import { myVehicleSpecsOperations, vehicleSpecsOperations } from './modules/vehicle-specs/vehicle-specs.operations.ts';
import { oilChangesOperations } from './modules/oil-changes/oil-changes.operations.ts';
import { staticDataOperations } from './modules/static-data/static-data.operations.ts';
import { searchOperations } from './modules/search/search.operations.ts';
import { todosOperations } from './modules/todos/todos.operations.ts';
import { offeringOperations } from './modules/offering/offering.operations.ts';
import { merchantOperations } from './modules/merchant/merchant.operations.ts';
import { setupOperations } from './modules/setup/setup.operations.ts';
import { dashboardOperations } from './modules/dashboard/dashboard.operations.ts';
import { appointmentsOperations, myAppointmentsOperations } from './modules/appointments/appointments.operations.ts';
import { myRemindersOperations, remindersOperations } from './modules/reminders/reminders.operations.ts';
import { reportsOperations } from './modules/reports/reports.operations.ts';
import { accountingOperations } from './modules/accounting/accounting.operations.ts';
import { dataTransferOperations } from './modules/data-transfer/data-transfer.operations.ts';
import { mediaOperations, myMediaOperations } from './modules/media/media.operations.ts';
import { partsOperations } from './modules/parts/parts.operations.ts';
import { suppliersOperations } from './modules/parts/suppliers.operations.ts';
import { labourRatesOperations } from './modules/parts/labour-rates.operations.ts';
import { purchaseOrdersOperations } from './modules/purchase-orders/purchase-orders.operations.ts';
import { taskLinesOperations } from './modules/tasks/task-lines.operations.ts';
import { taxRatesOperations, taxSettingsOperations } from './modules/tax/tax.operations.ts';
import { inspectionTemplatesOperations } from './modules/inspections/templates.operations.ts';
import { inspectionsOperations, myInspectionsOperations } from './modules/inspections/inspections.operations.ts';
import { inspectionFiguresOperations } from './modules/inspections/inspection-figures.operations.ts';

export const OPERATIONS = {
  analytics: analyticsOperations,
  auth: authOperations,
  visits: visitsOperations,
  tasks: tasksOperations,
  payments: paymentsOperations,
  invoices: invoicesOperations,
  myInvoices: myInvoicesOperations,
  myVisits: myVisitsOperations,
  approvals: approvalsOperations,
  ratings: ratingsOperations,
  contact: contactOperations,
  messages: messagesOperations,
  users: usersOperations,
  profile: profileOperations,
  vehicles: vehiclesOperations,
  myVehicles: myVehiclesOperations,
  vehicleSpecs: vehicleSpecsOperations,
  myVehicleSpecs: myVehicleSpecsOperations,
  oilChanges: oilChangesOperations,
  staticData: staticDataOperations,
  search: searchOperations,
  todos: todosOperations,
  offering: offeringOperations,
  merchant: merchantOperations,
  setup: setupOperations,
  dashboard: dashboardOperations,
  appointments: appointmentsOperations,
  myAppointments: myAppointmentsOperations,
  reminders: remindersOperations,
  myReminders: myRemindersOperations,
  reports: reportsOperations,
  accounting: accountingOperations,
  dataTransfer: dataTransferOperations,
  media: mediaOperations,
  myMedia: myMediaOperations,
  parts: partsOperations,
  suppliers: suppliersOperations,
  labourRates: labourRatesOperations,
  purchaseOrders: purchaseOrdersOperations,
  taskLines: taskLinesOperations,
  taxRates: taxRatesOperations,
  taxSettings: taxSettingsOperations,
  inspectionTemplates: inspectionTemplatesOperations,
  inspections: inspectionsOperations,
  myInspections: myInspectionsOperations,
  inspectionFigures: inspectionFiguresOperations,
};
