// /client/overview/{vehicleId}/{visitId}/{taskId}: the client portal's task page (features/client-portal).
export { MyTaskView as MyTaskPage } from '../client-portal/index.ts';
