// Web analytics (SPEC §7 "analytics/*"): the tracking beacon's payload and the staff reports' queries.
import { z } from 'zod';
import { encodeMessage } from '../messages.ts';

/** The analytics API's refusals (beacon and reports): message-catalogue.ts codes "analytics.<key>". */
export const ANALYTICS_MESSAGES = {
  required: '{fieldName} is required',
  mustBeString: '{fieldName} must be a string',
  tooLong: '{fieldName} must not exceed {max} characters',
  sessionIdFormat: 'session_id must be 8 to 64 letters, digits, "-" or "_"',
  pagePathFormat: 'page_path must be a path starting with "/" (no query, fragment or spaces)',
  eventTypeFormat: 'eventType must be 1 to 32 lower-case letters, digits, "-" or "_"',
  isEntryBoolean: 'is_entry must be true or false',
  screenSizeFormat: 'screen_size must look like 390x844',
  languageFormat: 'language must be a language tag such as en or fr-CA',
  areaInvalid: 'area must be public, staff or client',
  dateFormat: '{fieldName} must be a date written YYYY-MM-DD',
  dateInvalid: '{fieldName} is not a valid date',
  rangeReversed: 'startDate must be on or before endDate',
  rangeTooLong: 'The range must not exceed {maxDays} days',
} as const;

/** Which part of the app a page belongs to; reports default to the public website. */
export const ANALYTICS_AREAS = ['public', 'staff', 'client'] as const;
export type AnalyticsArea = (typeof ANALYTICS_AREAS)[number];

export function areaOfPath(path: string): AnalyticsArea {
  if (path === '/admin' || path.startsWith('/admin/')) return 'staff';
  if (path === '/client' || path.startsWith('/client/')) return 'client';
  return 'public';
}

export const ANALYTICS_LIMITS = {
  /** Longest range a report accepts, in days (both ends included). */
  maxRangeDays: 731,
  /** Over-time reports use hour buckets up to this many days, day buckets beyond. */
  hourlyUpToDays: 2,
  pathMax: 500,
  referrerMax: 2000,
  utmMax: 100,
  sessionIdMax: 64,
  popularPagesMax: 50,
} as const;

const optionalText = (fieldName: string, max: number) =>
  z
    .string({ error: encodeMessage('analytics.mustBeString', { fieldName }) })
    .max(max, encodeMessage('analytics.tooLong', { fieldName, max }))
    .nullish()
    .transform((value) => (value ? value : undefined));

/**
 * The beacon (POST /backend/analytics/track-visit), SPEC §7's field names. The server does not trust what a
 * browser cannot know honestly: ip_address, country/region/city and user_id are ignored (the server reads
 * the connection, the optional GeoIP database and the session cookie); browser/os/device_type are parsed
 * from the User-Agent header (the body's values are used only when the header is missing). Unknown fields
 * are dropped.
 */
export const trackVisitSchema = z.object({
  session_id: z
    .string({ error: encodeMessage('analytics.required', { fieldName: 'session_id' }) })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'analytics.sessionIdFormat'),
  page_path: z
    .string({ error: encodeMessage('analytics.required', { fieldName: 'page_path' }) })
    .max(ANALYTICS_LIMITS.pathMax, encodeMessage('analytics.tooLong', { fieldName: 'page_path', max: ANALYTICS_LIMITS.pathMax }))
    .regex(/^\/[^\s?#]*$/, 'analytics.pagePathFormat'),
  eventType: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'analytics.eventTypeFormat')
    .default('pageview'),
  /** First event of the tracker's session (a new visit). */
  is_entry: z.boolean({ error: 'analytics.isEntryBoolean' }).optional(),
  referrer: optionalText('referrer', ANALYTICS_LIMITS.referrerMax),
  utm_source: optionalText('utm_source', ANALYTICS_LIMITS.utmMax),
  utm_medium: optionalText('utm_medium', ANALYTICS_LIMITS.utmMax),
  utm_campaign: optionalText('utm_campaign', ANALYTICS_LIMITS.utmMax),
  device_timezone: optionalText('device_timezone', 64),
  screen_size: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}$/, 'analytics.screenSizeFormat')
    .nullish()
    .transform((value) => value ?? undefined),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/, 'analytics.languageFormat')
    .nullish()
    .transform((value) => value ?? undefined),
  // Accepted for SPEC §7 compatibility; the server fills or ignores them (see above).
  user_id: z.string().max(100).nullish(),
  ip_address: z.string().max(100).nullish(),
  user_agent: z.string().max(1000).nullish(),
  country: z.string().max(100).nullish(),
  region: z.string().max(100).nullish(),
  city: z.string().max(100).nullish(),
  browser: optionalText('browser', 50),
  os: optionalText('os', 50),
  device_type: optionalText('device_type', 20),
});
export type TrackVisitInput = z.input<typeof trackVisitSchema>;
export type TrackVisit = z.output<typeof trackVisitSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (fieldName: string) =>
  z
    .string({ error: encodeMessage('analytics.required', { fieldName }) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, encodeMessage('analytics.dateFormat', { fieldName }))
    .refine(
      (value) => {
        const date = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
      },
      encodeMessage('analytics.dateInvalid', { fieldName }),
    );

/** Days between two YYYY-MM-DD dates, both included (1 for the same day). */
export function daysInRange(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * A report's range: calendar days in the shop's time zone (SHOP_TIME_ZONE on the server), start and end
 * both included.
 */
const rangeFields = z.object({
  startDate: isoDay('startDate'),
  endDate: isoDay('endDate'),
  area: z.enum(ANALYTICS_AREAS, { error: 'analytics.areaInvalid' }).default('public'),
});
function checkRange(value: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  const days = daysInRange(value.startDate, value.endDate);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'analytics.rangeReversed' });
  else if (days > ANALYTICS_LIMITS.maxRangeDays)
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: encodeMessage('analytics.rangeTooLong', { maxDays: ANALYTICS_LIMITS.maxRangeDays }),
    });
}

/**
 * A report's range: calendar days in the shop's time zone (SHOP_TIME_ZONE on the server), start and end
 * both included.
 */
export const analyticsRangeSchema = rangeFields.superRefine(checkRange);
export type AnalyticsRange = z.output<typeof analyticsRangeSchema>;

export const popularPagesQuerySchema = rangeFields
  .extend({ limit: z.coerce.number().int().min(1).max(ANALYTICS_LIMITS.popularPagesMax).default(10) })
  .superRefine(checkRange);

export const activeUsersQuerySchema = z.object({
  area: z.enum(ANALYTICS_AREAS, { error: 'analytics.areaInvalid' }).default('public'),
});

export const activeUsersSchema = z.object({
  /** Distinct visitors with an event in the last minute (SPEC §7). */
  activeUsers: z.number(),
  lastFiveMinutes: z.number(),
  lastThirtyMinutes: z.number(),
  at: z.string(),
});
export type ActiveUsers = z.infer<typeof activeUsersSchema>;

const share = z.object({ name: z.string(), views: z.number(), percentage: z.number() });
export const distributionSchema = z.object({ total: z.number(), items: z.array(share) });
export type Distribution = z.infer<typeof distributionSchema>;

export const pageViewsOverTimeSchema = z.object({
  bucket: z.enum(['hour', 'day']),
  timeZone: z.string(),
  /** Every bucket of the range in order, zeros included; `start` is local time without offset. */
  points: z.array(z.object({ start: z.string(), views: z.number(), visits: z.number() })),
  totalViews: z.number(),
  totalVisits: z.number(),
});
export type PageViewsOverTime = z.infer<typeof pageViewsOverTimeSchema>;

export const popularPagesSchema = z.object({
  total: z.number(),
  items: z.array(z.object({ path: z.string(), views: z.number(), visits: z.number(), percentage: z.number() })),
});
export type PopularPages = z.infer<typeof popularPagesSchema>;

/** What the real-time screen receives (first on connect, then on every change). */
export const realtimeSnapshotSchema = z.object({
  at: z.string(),
  area: z.enum(ANALYTICS_AREAS),
  activeUsers: z.object({ lastMinute: z.number(), lastFiveMinutes: z.number(), lastThirtyMinutes: z.number() }),
  topPages: z.array(z.object({ path: z.string(), views: z.number() })),
  devices: z.array(z.object({ name: z.string(), views: z.number() })),
  recent: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      path: z.string(),
      browser: z.string().nullable(),
      os: z.string().nullable(),
      deviceType: z.string().nullable(),
      country: z.string().nullable(),
      referrer: z.string().nullable(),
    }),
  ),
});
export type RealtimeSnapshot = z.infer<typeof realtimeSnapshotSchema>;
