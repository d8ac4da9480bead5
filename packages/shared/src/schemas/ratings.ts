// Ratings (SPEC §3, §5, §8): a client rates one of their completed visits, 1 to 5 stars ("a star rating must
// be selected"), optional feedback, and may agree that it is shown on the website; rating the same visit
// again updates it. Staff read the average, the distribution and the list, and pick testimonials.
import { z } from 'zod';
import { msg } from '../messages.ts';
import { pageOf, paginationSchema, queryInt } from './users.ts';

export const RATING_STARS = [1, 2, 3, 4, 5] as const;
export const RATING_FEEDBACK_MAX = 2000;
/** Rolling windows for the staff screen ("all" = no limit). */
export const RATING_PERIODS = ['7d', '30d', '90d', '365d', 'all'] as const;
export type RatingPeriod = (typeof RATING_PERIODS)[number];
export const RATING_PERIOD_DAYS: Record<Exclude<RatingPeriod, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };
/** How many testimonials the home page shows at most. */
export const TESTIMONIALS_MAX = 6;

const required = msg('ratingRequired');
/** Missing, 0 (nothing picked) → "a star rating must be selected"; above 5 or a fraction → its own message. */
export const starsSchema = z
  .number({ error: required })
  .int(msg('format', { fieldName: 'stars' }))
  .min(1, required)
  .max(5, msg('maxValue', { fieldName: 'stars', maxValue: 5 }));

export const ratingInputSchema = z.object({
  stars: starsSchema,
  feedback: z
    .string()
    .trim()
    .max(RATING_FEEDBACK_MAX, msg('maxLength', { fieldName: 'feedback', maxLength: RATING_FEEDBACK_MAX }))
    .nullish()
    // Left out: unchanged when rating again (none on a first rating); empty or null: no feedback.
    .transform((value) => (value === undefined ? undefined : value || null)),
  /** Left out: unchanged when rating again; not shown on a first rating. */
  showOnWebsite: z.boolean().optional(),
});
export type RatingInput = z.input<typeof ratingInputSchema>;
export const rateVisitSchema = ratingInputSchema.extend({ visitId: z.uuid() });
export const visitRatingQuerySchema = z.object({ visitId: z.uuid() });

const visitRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  visitDate: z.string(),
  completedAt: z.string().nullable(),
  vehicle: z.object({ id: z.string(), brand: z.string(), model: z.string(), plateNumber: z.string() }),
});
export type RatingVisitRef = z.infer<typeof visitRefSchema>;

export const myRatingSchema = z.object({
  id: z.string(),
  visitId: z.string().nullable(),
  stars: z.number(),
  feedback: z.string().nullable(),
  showOnWebsite: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyRating = z.infer<typeof myRatingSchema>;

export const rateVisitResultSchema = z.object({ created: z.boolean(), rating: myRatingSchema });
export type RateVisitResult = z.infer<typeof rateVisitResultSchema>;

/** The client's completed visits with their rating (or none yet), and older ratings not tied to a visit. */
export const myRatingsSchema = z.object({
  visits: z.array(z.object({ visit: visitRefSchema, rating: myRatingSchema.nullable() })),
  general: z.array(myRatingSchema),
});
export type MyRatings = z.infer<typeof myRatingsSchema>;

export const listRatingsSchema = paginationSchema.extend({
  stars: queryInt.pipe(z.number().min(1).max(5)).optional(),
  period: z.enum(RATING_PERIODS).default('all'),
});
export type ListRatingsQuery = z.input<typeof listRatingsSchema>;
export const ratingSummaryQuerySchema = z.object({ period: z.enum(RATING_PERIODS).default('all') });

export const ratingViewSchema = myRatingSchema.extend({
  testimonial: z.boolean(),
  client: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  visit: visitRefSchema.nullable(),
});
export type RatingView = z.infer<typeof ratingViewSchema>;
export const ratingPageSchema = pageOf(ratingViewSchema);
export type RatingPage = z.infer<typeof ratingPageSchema>;

export const ratingSummarySchema = z.object({
  count: z.number(),
  /** Mean stars, two decimals; null without ratings. */
  average: z.number().nullable(),
  distribution: z.array(z.object({ stars: z.number(), count: z.number() })),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const setTestimonialSchema = z.object({ id: z.uuid(), testimonial: z.boolean() });

/** What the public home page shows: first name and initial only. */
export const testimonialSchema = z.object({ id: z.string(), name: z.string(), stars: z.number(), feedback: z.string(), date: z.string() });
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialListSchema = z.object({ items: z.array(testimonialSchema) });

export const RATING_MESSAGES = {
  visitNotCompleted: 'Only a completed visit can be rated.',
  testimonialNeedsConsent: 'Only ratings whose client agreed to be shown on the website can become testimonials.',
  testimonialNeedsFeedback: 'Only ratings with written feedback can become testimonials.',
} as const;
