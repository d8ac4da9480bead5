import {
  listRatingsSchema,
  myRatingSchema,
  myRatingsSchema,
  rateVisitResultSchema,
  rateVisitSchema,
  ratingPageSchema,
  ratingSummaryQuerySchema,
  ratingSummarySchema,
  ratingViewSchema,
  setTestimonialSchema,
  testimonialListSchema,
  visitRatingQuerySchema,
} from '@garage/shared';
import { clientProcedure, publicProcedure, router, staffProcedure } from '../../trpc/init.ts';
import { getMyVisitRating, listMyRatings, listRatings, listTestimonials, rateVisit, ratingSummary, setTestimonial } from './ratings.service.ts';

export const ratingsRouter = router({
  // Client
  rateVisit: clientProcedure
    .input(rateVisitSchema)
    .output(rateVisitResultSchema)
    .mutation(({ ctx, input }) => {
      const { visitId, ...rating } = input;
      return rateVisit(ctx.deps.db, ctx.session.userId, visitId, rating);
    }),
  forVisit: clientProcedure
    .input(visitRatingQuerySchema)
    .output(myRatingSchema.nullable())
    .query(({ ctx, input }) => getMyVisitRating(ctx.deps.db, ctx.session.userId, input.visitId)),
  mine: clientProcedure.output(myRatingsSchema).query(({ ctx }) => listMyRatings(ctx.deps.db, ctx.session.userId)),
  // Staff
  list: staffProcedure.input(listRatingsSchema).output(ratingPageSchema).query(({ ctx, input }) => listRatings(ctx.deps.db, input)),
  summary: staffProcedure.input(ratingSummaryQuerySchema).output(ratingSummarySchema).query(({ ctx, input }) => ratingSummary(ctx.deps.db, input.period)),
  setTestimonial: staffProcedure
    .input(setTestimonialSchema)
    .output(ratingViewSchema)
    .mutation(({ ctx, input }) => setTestimonial(ctx.deps.db, input.id, input.testimonial)),
  // Public
  testimonials: publicProcedure.output(testimonialListSchema).query(({ ctx }) => listTestimonials(ctx.deps.db)),
});
