// Ratings: clients rate their own completed visits (under /my), staff read them and pick testimonials, the
// public site shows the testimonials.
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
  type RateVisitResult,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import {
  getMyVisitRating,
  listMyRatings,
  listRatings,
  listTestimonials,
  rateVisit,
  ratingSummary,
  setTestimonial,
} from './ratings.service.ts';

const clientTag = 'client area';

export const ratingsOperations = {
  // Client
  rateVisit: mutation({
    access: 'client',
    rest: {
      method: 'PUT',
      path: '/my/visits/:visitId/rating',
      tag: clientTag,
      createdWhen: (result) => (result as RateVisitResult).created,
      summary: 'Rate one of my completed visits (201), or change that rating (200)',
    },
    input: rateVisitSchema,
    output: rateVisitResultSchema,
    handler: ({ ctx, input: { visitId, ...rating } }) => rateVisit(ctx.deps.db, ctx.session.userId, visitId, rating),
  }),
  forVisit: query({
    access: 'client',
    rest: {
      method: 'GET',
      path: '/my/visits/:visitId/rating',
      tag: clientTag,
      summary: 'My rating of one of my visits (null when not rated yet)',
    },
    input: visitRatingQuerySchema,
    output: myRatingSchema.nullable(),
    handler: ({ ctx, input }) => getMyVisitRating(ctx.deps.db, ctx.session.userId, input.visitId),
  }),
  mine: query({
    access: 'client',
    rest: {
      method: 'GET',
      path: '/my/ratings',
      tag: clientTag,
      summary: 'My completed visits with their rating, and older ratings tied to no visit',
    },
    input: z.void(),
    output: myRatingsSchema,
    handler: ({ ctx }) => listMyRatings(ctx.deps.db, ctx.session.userId),
  }),
  // Staff
  list: query({
    access: 'staff',
    rest: { method: 'GET', path: '/ratings', summary: 'Ratings, newest first: filter by stars and period, pages' },
    input: listRatingsSchema,
    output: ratingPageSchema,
    handler: ({ ctx, input }) => listRatings(ctx.deps.db, input),
  }),
  summary: query({
    access: 'staff',
    rest: { method: 'GET', path: '/ratings/summary', summary: 'Average and distribution (1 to 5 stars) over a period' },
    input: ratingSummaryQuerySchema,
    output: ratingSummarySchema,
    handler: ({ ctx, input }) => ratingSummary(ctx.deps.db, input.period),
  }),
  setTestimonial: mutation({
    access: 'staff',
    rest: {
      method: 'PATCH',
      path: '/ratings/:id/testimonial',
      summary: 'Show or hide a rating as a testimonial on the home page (only with the client’s consent and written feedback)',
    },
    input: setTestimonialSchema,
    output: ratingViewSchema,
    handler: ({ ctx, input }) => setTestimonial(ctx.deps.db, input.id, input.testimonial),
  }),
  // Public
  testimonials: query({
    access: 'anonymous',
    rest: {
      method: 'GET',
      path: '/testimonials',
      tag: 'public site',
      summary: 'Testimonials chosen by staff among ratings whose clients agreed',
    },
    input: z.void(),
    output: testimonialListSchema,
    handler: ({ ctx }) => listTestimonials(ctx.deps.db),
  }),
};
