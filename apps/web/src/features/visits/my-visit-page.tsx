// /client/overview/{vehicleId}/{visitId}: the client portal's visit page (features/client-portal).
export { MyVisitView as MyVisitPage } from '../client-portal/index.ts';
