// tRPC: `dashboard.kpis` (staff main panel) and `dashboard.mine` (the client's own dashboard). Thin
// adapters over the services; REST twins in dashboard.rest.ts.
import { clientDashboardInputSchema, clientDashboardSchema, dashboardKpisInputSchema, dashboardKpisSchema } from '@garage/shared';
import { clientProcedure, router, staffProcedure } from '../../trpc/init.ts';
import { getClientDashboard } from './client-dashboard.service.ts';
import { getDashboardKpis } from './dashboard.service.ts';

export const dashboardRouter = router({
  kpis: staffProcedure
    .input(dashboardKpisInputSchema)
    .output(dashboardKpisSchema)
    .query(({ ctx, input }) => getDashboardKpis(ctx.deps.db, input)),
  mine: clientProcedure
    .input(clientDashboardInputSchema)
    .output(clientDashboardSchema)
    .query(({ ctx, input }) => getClientDashboard(ctx.deps.db, ctx.session.userId, input.timeZone)),
});
