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
import { router, staffProcedure } from '../../trpc/init.ts';
import { activeUsers, distribution, pageViewsOverTime, popularPages, realtimeSnapshot, referrers } from './analytics.service.ts';

export const analyticsRouter = router({
  activeUsers: staffProcedure.input(activeUsersQuerySchema).output(activeUsersSchema).query(({ ctx, input }) => activeUsers(ctx.deps.db, input.area)),
  deviceDistribution: staffProcedure.input(analyticsRangeSchema).output(distributionSchema).query(({ ctx, input }) => distribution(ctx.deps.db, 'device', input)),
  browserDistribution: staffProcedure.input(analyticsRangeSchema).output(distributionSchema).query(({ ctx, input }) => distribution(ctx.deps.db, 'browser', input)),
  pageViewsOverTime: staffProcedure.input(analyticsRangeSchema).output(pageViewsOverTimeSchema).query(({ ctx, input }) => pageViewsOverTime(ctx.deps.db, input)),
  referrers: staffProcedure.input(analyticsRangeSchema).output(distributionSchema).query(({ ctx, input }) => referrers(ctx.deps.db, input)),
  popularPages: staffProcedure.input(popularPagesQuerySchema).output(popularPagesSchema).query(({ ctx, input }) => popularPages(ctx.deps.db, input, input.limit)),
  /** The real-time screen's figures once (the screen itself follows GET /backend/analytics/real-time/stream). */
  realtime: staffProcedure.input(activeUsersQuerySchema).output(realtimeSnapshotSchema).query(({ ctx, input }) => realtimeSnapshot(ctx.deps.db, input.area)),
});
