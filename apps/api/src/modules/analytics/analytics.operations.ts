// The analytics screens' reports (staff). The beacon and the live stream stay REST (analytics.rest.ts).
import {
  activeUsersQuerySchema,
  activeUsersSchema,
  analyticsRangeSchema,
  distributionSchema,
  pageViewsOverTimeSchema,
  popularPagesQuerySchema,
  popularPagesSchema,
  realtimeSnapshotSchema,
} from '@garage/shared/schemas/analytics';
import { query } from '../../operations/operation.ts';
import { activeUsers, distribution, pageViewsOverTime, popularPages, realtimeSnapshot, referrers } from './analytics.service.ts';

const rangeNote =
  "startDate and endDate (YYYY-MM-DD, both included, at most 731 days) are days in the shop's time zone; area defaults to public.";

export const analyticsOperations = {
  activeUsers: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/analytics/active-users',
      summary: 'Visitors in the last minute (and 5 and 30 minutes); area defaults to public',
    },
    input: activeUsersQuerySchema,
    output: activeUsersSchema,
    handler: ({ ctx, input }) => activeUsers(ctx.deps.db, input.area),
  }),
  deviceDistribution: query({
    access: 'staff',
    rest: { method: 'GET', path: '/analytics/device-distribution', summary: 'Page views per device type', description: rangeNote },
    input: analyticsRangeSchema,
    output: distributionSchema,
    handler: ({ ctx, input }) => distribution(ctx.deps.db, 'device', input),
  }),
  browserDistribution: query({
    access: 'staff',
    rest: { method: 'GET', path: '/analytics/browser-distribution', summary: 'Page views per browser', description: rangeNote },
    input: analyticsRangeSchema,
    output: distributionSchema,
    handler: ({ ctx, input }) => distribution(ctx.deps.db, 'browser', input),
  }),
  referrers: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/analytics/referrers',
      summary: 'Visits per referring site ("Direct" without one)',
      description: rangeNote,
    },
    input: analyticsRangeSchema,
    output: distributionSchema,
    handler: ({ ctx, input }) => referrers(ctx.deps.db, input),
  }),
  pageViewsOverTime: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/analytics/page-views-over-time',
      summary: 'Page views and visits per hour (ranges up to 2 days) or per day',
      description: rangeNote,
    },
    input: analyticsRangeSchema,
    output: pageViewsOverTimeSchema,
    handler: ({ ctx, input }) => pageViewsOverTime(ctx.deps.db, input),
  }),
  popularPages: query({
    access: 'staff',
    rest: { method: 'GET', path: '/analytics/popular-pages', summary: 'Most viewed pages', description: rangeNote },
    input: popularPagesQuerySchema,
    output: popularPagesSchema,
    handler: ({ ctx, input }) => popularPages(ctx.deps.db, input, input.limit),
  }),
  /** The real-time screen's figures once (the screen itself follows GET /backend/analytics/real-time/stream). */
  realtime: query({
    access: 'staff',
    rest: { method: 'GET', path: '/analytics/real-time', summary: "The real-time screen's figures once (the screen follows the stream)" },
    input: activeUsersQuerySchema,
    output: realtimeSnapshotSchema,
    handler: ({ ctx, input }) => realtimeSnapshot(ctx.deps.db, input.area),
  }),
};
