// REST twins of dashboard.router.ts: GET /backend/dashboard/kpis (staff) and GET /backend/my/dashboard
// (client). Guards run onRequest, so a caller without the role gets 401/403 before any validation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientDashboardInputSchema, clientDashboardSchema, dashboardKpisInputSchema, dashboardKpisSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { getClientDashboard } from './client-dashboard.service.ts';
import { getDashboardKpis } from './dashboard.service.ts';

export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/dashboard/kpis',
      {
        onRequest: guards.staff,
        schema: {
          tags: ['dashboard'],
          summary:
            'Shop KPIs for a period (today, thisWeek, thisMonth, last30Days, or custom from/to days) in the given time zone, each with the previous period of the same length; chart series; figures of right now',
          querystring: dashboardKpisInputSchema,
          response: { 200: dashboardKpisSchema },
        },
      },
      async (request) => getDashboardKpis(deps.db, request.query),
    );
    app.get(
      '/my/dashboard',
      {
        onRequest: guards.client,
        schema: {
          tags: ['client area'],
          summary: 'My vehicles with their next oil change, my open visits, my balance due and my last visits',
          querystring: clientDashboardInputSchema,
          response: { 200: clientDashboardSchema },
        },
      },
      async (request) => getClientDashboard(deps.db, sessionOf(request).userId, request.query.timeZone),
    );
  };
}
