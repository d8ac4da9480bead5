// The staff main panel's KPIs and the client's own dashboard, each defined once.
import { clientDashboardInputSchema, clientDashboardSchema, dashboardKpisInputSchema, dashboardKpisSchema } from '@garage/shared';
import { query } from '../../operations/operation.ts';
import { getClientDashboard } from './client-dashboard.service.ts';
import { isAdmin } from '../users/users.access.ts';
import { getDashboardKpis } from './dashboard.service.ts';

export const dashboardOperations = {
  kpis: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/dashboard/kpis',
      summary:
        'Shop KPIs for a period (today, thisWeek, thisMonth, last30Days, or custom from/to days) in the given time zone, each with the previous period of the same length; chart series; figures of right now',
    },
    input: dashboardKpisInputSchema,
    output: dashboardKpisSchema,
    // The parts margin (costs) is for admins only: null for other staff.
    handler: ({ ctx, input }) => getDashboardKpis(ctx.deps.db, input, new Date(), { seesCosts: isAdmin(ctx.session) }),
  }),
  mine: query({
    access: 'client',
    rest: {
      method: 'GET',
      path: '/my/dashboard',
      summary: 'My vehicles with their next oil change, my open visits, my balance due and my last visits',
      tag: 'client area',
    },
    input: clientDashboardInputSchema,
    output: clientDashboardSchema,
    handler: ({ ctx, input }) => getClientDashboard(ctx.deps.db, ctx.session.userId, input.timeZone),
  }),
};
