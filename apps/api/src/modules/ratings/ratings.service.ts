// Ratings per visit: a client rates one of their own completed visits (a foreign or missing visit answers
// 404 alike; an unfinished one 409); rating it again updates the same row. Staff read the list, the average
// and the distribution, and choose testimonials for the home page among ratings whose client agreed.
import type { Db, Prisma } from '@garage/db';
import {
  COMPLETED_VISIT_STATUSES,
  RATING_PERIOD_DAYS,
  RATING_STARS,
  TESTIMONIALS_MAX,
  listRatingsSchema,
  ratingInputSchema,
  type ListRatingsQuery,
  type MyRating,
  type MyRatings,
  type RateVisitResult,
  type RatingInput,
  type RatingPage,
  type RatingPeriod,
  type RatingSummary,
  type RatingView,
  type RatingVisitRef,
  type Testimonial,
} from '@garage/shared';
import { conflict, notFound } from '../../lib/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const completedStatuses = [...COMPLETED_VISIT_STATUSES];

const visitRefSelect = {
  id: true,
  name: true,
  visitDate: true,
  completedAt: true,
  vehicle: { select: { id: true, brand: true, model: true, plateNumber: true } },
} satisfies Prisma.VisitSelect;
type VisitRefRow = Prisma.VisitGetPayload<{ select: typeof visitRefSelect }>;

const myRatingSelect = {
  id: true,
  visitId: true,
  stars: true,
  feedback: true,
  showOnWebsite: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.RatingSelect;
type MyRatingRow = Prisma.RatingGetPayload<{ select: typeof myRatingSelect }>;

const ratingSelect = {
  ...myRatingSelect,
  testimonial: true,
  user: { select: { id: true, firstName: true, lastName: true } },
  visit: { select: visitRefSelect },
} satisfies Prisma.RatingSelect;
type RatingRow = Prisma.RatingGetPayload<{ select: typeof ratingSelect }>;

const toVisitRef = (row: VisitRefRow): RatingVisitRef => ({
  ...row,
  visitDate: row.visitDate.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
});

const toMyRating = (row: MyRatingRow): MyRating => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function toRatingView(row: RatingRow): RatingView {
  const { user, visit, testimonial, ...rating } = row;
  return { ...toMyRating(rating), testimonial, client: user, visit: visit ? toVisitRef(visit) : null };
}

/** The client's own visit, or 404 (same answer for someone else's visit and a missing one). */
async function ownVisit(db: Db | Prisma.TransactionClient, clientId: string, visitId: string) {
  const visit = await db.visit.findFirst({ where: { id: visitId, customerId: clientId }, select: { id: true, status: true } });
  if (!visit) throw notFound('visit');
  return visit;
}

export async function rateVisit(db: Db, clientId: string, visitId: string, rawInput: RatingInput): Promise<RateVisitResult> {
  const input = ratingInputSchema.parse(rawInput);
  return db.$transaction(async (tx) => {
    const visit = await ownVisit(tx, clientId, visitId);
    if (!(completedStatuses as string[]).includes(visit.status)) throw conflict('ratings.visitNotCompleted');
    // Locks the visit's rating (if any), so two submissions for one visit update in turn.
    const [existing] = await tx.$queryRaw<{ id: string; feedback: string | null; showOnWebsite: boolean; testimonial: boolean }[]>`
      SELECT "id", "feedback", "showOnWebsite", "testimonial" FROM "Rating" WHERE "visitId" = ${visitId}::uuid FOR UPDATE`;
    if (!existing) {
      const created = await tx.rating.create({
        data: {
          userId: clientId,
          visitId,
          stars: input.stars,
          feedback: input.feedback ?? null,
          showOnWebsite: input.showOnWebsite ?? false,
        },
        select: myRatingSelect,
      });
      return { created: true, rating: toMyRating(created) };
    }
    // Rating again changes what is sent: feedback or consent left out stay as they were.
    const feedback = input.feedback === undefined ? existing.feedback : input.feedback;
    const showOnWebsite = input.showOnWebsite ?? existing.showOnWebsite;
    // A testimonial stays only while the client still agrees and its text is the one staff chose.
    const keepTestimonial = existing.testimonial && showOnWebsite && existing.feedback === feedback;
    const updated = await tx.rating.update({
      where: { id: existing.id },
      data: { stars: input.stars, feedback, showOnWebsite, testimonial: keepTestimonial },
      select: myRatingSelect,
    });
    return { created: false, rating: toMyRating(updated) };
  });
}

export async function getMyVisitRating(db: Db, clientId: string, visitId: string): Promise<MyRating | null> {
  await ownVisit(db, clientId, visitId);
  const row = await db.rating.findUnique({ where: { visitId }, select: myRatingSelect });
  return row ? toMyRating(row) : null;
}

const MY_VISITS_MAX = 50;

/** The client's completed visits (most recent first) with their rating, and ratings tied to no visit. */
export async function listMyRatings(db: Db, clientId: string): Promise<MyRatings> {
  const [visits, general] = await Promise.all([
    db.visit.findMany({
      where: { customerId: clientId, status: { in: completedStatuses } },
      orderBy: [{ completedAt: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
      take: MY_VISITS_MAX,
      select: { ...visitRefSelect, rating: { select: myRatingSelect } },
    }),
    db.rating.findMany({ where: { userId: clientId, visitId: null }, orderBy: { createdAt: 'desc' }, select: myRatingSelect }),
  ]);
  return {
    visits: visits.map(({ rating, ...visit }) => ({ visit: toVisitRef(visit), rating: rating ? toMyRating(rating) : null })),
    general: general.map(toMyRating),
  };
}

function periodWhere(period: RatingPeriod, now: Date): Prisma.RatingWhereInput {
  if (period === 'all') return {};
  return { createdAt: { gte: new Date(now.getTime() - RATING_PERIOD_DAYS[period] * DAY_MS) } };
}

export async function listRatings(db: Db, query: ListRatingsQuery, now = new Date()): Promise<RatingPage> {
  const { page, pageSize, stars, period } = listRatingsSchema.parse(query);
  const where: Prisma.RatingWhereInput = { ...periodWhere(period, now), ...(stars ? { stars } : {}) };
  const [rows, total] = await Promise.all([
    db.rating.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: ratingSelect,
    }),
    db.rating.count({ where }),
  ]);
  return { items: rows.map(toRatingView), total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

export async function ratingSummary(db: Db, period: RatingPeriod, now = new Date()): Promise<RatingSummary> {
  const groups = await db.rating.groupBy({ by: ['stars'], where: periodWhere(period, now), _count: { _all: true } });
  const distribution = RATING_STARS.map((stars) => ({ stars, count: groups.find((group) => group.stars === stars)?._count._all ?? 0 }));
  const count = distribution.reduce((sum, row) => sum + row.count, 0);
  const total = distribution.reduce((sum, row) => sum + row.stars * row.count, 0);
  return { count, average: count ? Math.round((total / count) * 100) / 100 : null, distribution };
}

export async function setTestimonial(db: Db, id: string, testimonial: boolean): Promise<RatingView> {
  const row = await db.rating.findUnique({ where: { id }, select: { showOnWebsite: true, feedback: true } });
  if (!row) throw notFound('rating');
  if (testimonial && !row.showOnWebsite) throw conflict('ratings.testimonialNeedsConsent');
  if (testimonial && !row.feedback) throw conflict('ratings.testimonialNeedsFeedback');
  // The condition is repeated in the update, so a consent withdrawn meanwhile wins.
  const { count } = await db.rating.updateMany({
    where: { id, ...(testimonial ? { showOnWebsite: true, feedback: { not: null } } : {}) },
    data: { testimonial },
  });
  if (count === 0) throw conflict('ratings.testimonialNeedsConsent');
  return toRatingView(await db.rating.findUniqueOrThrow({ where: { id }, select: ratingSelect }));
}

/** Public: chosen testimonials with the client's consent, first name and initial only. */
export async function listTestimonials(db: Db): Promise<{ items: Testimonial[] }> {
  const rows = await db.rating.findMany({
    where: { testimonial: true, showOnWebsite: true, feedback: { not: null }, user: { deletedAt: null, active: true } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: TESTIMONIALS_MAX,
    select: { id: true, stars: true, feedback: true, createdAt: true, user: { select: { firstName: true, lastName: true } } },
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: `${row.user.firstName} ${row.user.lastName.charAt(0)}.`.trim(),
      stars: row.stars,
      feedback: row.feedback ?? '',
      date: row.createdAt.toISOString(),
    })),
  };
}
