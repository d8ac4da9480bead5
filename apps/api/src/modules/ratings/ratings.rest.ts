// REST twin of ratings.router.ts: the client's ratings under /my, staff's under /ratings, the public
// testimonials. Guards run onRequest, so a caller without the role gets 401/403 before body validation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listRatingsSchema,
  myRatingSchema,
  myRatingsSchema,
  rateVisitResultSchema,
  ratingInputSchema,
  ratingPageSchema,
  ratingSummaryQuerySchema,
  ratingSummarySchema,
  ratingViewSchema,
  testimonialListSchema,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { getMyVisitRating, listMyRatings, listRatings, listTestimonials, rateVisit, ratingSummary, setTestimonial } from './ratings.service.ts';

const visitParams = z.object({ visitId: z.uuid() });
const idParams = z.object({ id: z.uuid() });

export function ratingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    const client = ['client area'];
    app.get(
      '/my/ratings',
      { onRequest: guards.client, schema: { tags: client, summary: 'My completed visits with their rating, and older ratings tied to no visit', response: { 200: myRatingsSchema } } },
      async (request) => listMyRatings(deps.db, sessionOf(request).userId),
    );
    app.get(
      '/my/visits/:visitId/rating',
      { onRequest: guards.client, schema: { tags: client, summary: 'My rating of one of my visits (null when not rated yet)', params: visitParams, response: { 200: myRatingSchema.nullable() } } },
      async (request) => getMyVisitRating(deps.db, sessionOf(request).userId, request.params.visitId),
    );
    app.put(
      '/my/visits/:visitId/rating',
      {
        onRequest: guards.client,
        schema: {
          tags: client,
          summary: 'Rate one of my completed visits (201), or change that rating (200)',
          params: visitParams,
          body: ratingInputSchema,
          response: { 200: rateVisitResultSchema, 201: rateVisitResultSchema },
        },
      },
      async (request, reply) => {
        const result = await rateVisit(deps.db, sessionOf(request).userId, request.params.visitId, request.body);
        return reply.status(result.created ? 201 : 200).send(result);
      },
    );

    const staff = ['ratings'];
    app.get(
      '/ratings',
      { onRequest: guards.staff, schema: { tags: staff, summary: 'Ratings, newest first: filter by stars and period, pages', querystring: listRatingsSchema, response: { 200: ratingPageSchema } } },
      async (request) => listRatings(deps.db, request.query),
    );
    app.get(
      '/ratings/summary',
      { onRequest: guards.staff, schema: { tags: staff, summary: 'Average and distribution (1 to 5 stars) over a period', querystring: ratingSummaryQuerySchema, response: { 200: ratingSummarySchema } } },
      async (request) => ratingSummary(deps.db, request.query.period),
    );
    app.patch(
      '/ratings/:id/testimonial',
      {
        onRequest: guards.staff,
        schema: {
          tags: staff,
          summary: 'Show or hide a rating as a testimonial on the home page (only with the client’s consent and written feedback)',
          params: idParams,
          body: z.object({ testimonial: z.boolean() }),
          response: { 200: ratingViewSchema },
        },
      },
      async (request) => setTestimonial(deps.db, request.params.id, request.body.testimonial),
    );

    app.get(
      '/testimonials',
      { schema: { tags: ['public site'], summary: 'Testimonials chosen by staff among ratings whose clients agreed', response: { 200: testimonialListSchema } } },
      async () => listTestimonials(deps.db),
    );
  };
}
