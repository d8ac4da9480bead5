// Business constants and limits (SPEC §4, §6, §9). Every limit is defined here once and used by both the
// API and the forms.

export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
/** SPEC §1: the UI falls back to Arabic; the branding request defaults to en (SPEC §7). */
export const FALLBACK_LANGUAGE: Language = 'ar';
export const DEFAULT_BRANDING_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly string[] = ['ar', 'he'];
export const isRtlLanguage = (lng: string) => RTL_LANGUAGES.includes(lng.slice(0, 2));

export const ROLES = ['CLIENT', 'MANAGER', 'EMPLOYEE', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];
/** Roles allowed into /admin. MANAGER is treated as staff without admin powers (ARCHITECTURE.md). */
export const STAFF_ROLES = ['ADMIN', 'EMPLOYEE', 'MANAGER'] as const satisfies readonly Role[];
export const ADMIN_AREA_ROLES = ['ADMIN', 'EMPLOYEE'] as const satisfies readonly Role[];
export const CLIENT_AREA_ROLES = ['CLIENT'] as const satisfies readonly Role[];

export const LIMITS = {
  /** Deepest nesting of arrays/objects a JSON body or tRPC input may have (checked before parsing). */
  jsonDepthMax: 64,
  /** Most calls in one tRPC batch request (the web app's httpBatchLink maxItems uses the same). */
  trpcBatchMax: 50,
  plateMax: 20,
  emailMax: 100,
  usernameMax: 50,
  countryCodeMax: 10,
  phoneMax: 15,
  nameMax: 100,
  /** Age must be greater than this. */
  minAgeExclusive: 16,
  visitNameMin: 3,
  otpLength: 6,
  passwordMin: 8,
  passwordMax: 128,
  vehicleYearMin: 1900,
  imageMaxMB: 5,
  mediaMaxMB: 50,
  /** Media library (photos, videos, documents of customers, vehicles and visits): limits per kind of file. */
  mediaImageMaxMB: 20,
  mediaVideoMaxMB: 200,
  mediaDocumentMaxMB: 25,
  /** What the files a client adds themselves may take in all (the garage's own uploads do not count). */
  clientMediaQuotaMB: 500,
} as const;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export const SESSION = {
  accessCookieDays: 7,
  refreshCookieDays: 30,
  userCookieDays: 7,
  /** A token expiring within this many seconds is refreshed in the background. */
  expiringSoonSeconds: 300,
  /** Access tokens are short-lived; the refresh token (30 days) renews them. */
  accessTokenTtlSeconds: 15 * 60,
} as const;

export const OTP = {
  length: 6,
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
  resendCooldownSeconds: 60,
  /** After a verified reset code, the password may be reset within this window. */
  resetWindowSeconds: 10 * 60,
} as const;

export const TOAST = {
  limit: 20,
  durations: { blank: 4000, error: 4000, success: 2000, loading: Infinity, custom: 4000 },
} as const;

export const MOBILE_MAX_WIDTH_PX = 768;
export const TRACKING_DELAY_MS = 100;
export const BRAND_COLOR_LEVELS = ['0', '200', '400', '600', '800'] as const;

export const VEHICLE_TYPES = ['CAR', 'TRUCK', 'MOTORCYCLE', 'BUS', 'VAN'] as const;
export const VEHICLE_STATUSES = ['ACTIVE', 'IN_SERVICE', 'INACTIVE'] as const;
export const REPORT_VEHICLE_TYPES = ['car', 'truck', 'SUV', 'motorcycle'] as const;

export const TASK_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'REOPENED'] as const;
export const TASK_PRIORITIES = ['HIGH', 'MEDIUM', 'NORMAL', 'LOW'] as const;
/** Estimate approval of a proposed task (null on a task: ordinary work). See visit-rules.ts. */
export const TASK_APPROVALS = ['PENDING', 'APPROVED', 'DECLINED'] as const;
/** Where a customer's decision came from: the signed-in client area or the signed approval link. */
export const APPROVAL_CHANNELS = ['PORTAL', 'LINK'] as const;
export const TASK_SERVICES = ['REPAIR', 'MAINTENANCE', 'INSPECTION'] as const;

export const VISIT_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'READY_FOR_PICKUP', 'PICKED_UP', 'CANCELLED'] as const;
export const VISIT_PAYMENT_STATUSES = ['UNPAID', 'PARTIALLY_PAID', 'PAID', 'OVERPAID'] as const;
export const VISIT_FILTERS = ['pending', 'completed', 'unpaid', 'overdue', 'createdToday', 'readyForPickup'] as const;
export const DATE_FILTERS = ['today', 'thisWeek', 'thisMonth', 'last7Days', 'last30Days'] as const;
export const VISIT_SORTS = ['newest', 'oldest', 'highestCost', 'lowestCost', 'customerName', 'dueDate'] as const;
export const VISIT_VIEWS = ['cards', 'table', 'list'] as const;

export const PAYMENT_METHODS = ['CASH', 'CREDIT_CARD', 'BANK_TRANSFER'] as const;
export const PAYMENT_RECORD_STATUSES = ['SUCCESS', 'FAILED', 'REFUNDED', 'DELETED'] as const;

export const STATIC_DATA_TYPES = ['VEHICLE_TYPE', 'COLOR', 'BRAND', 'ENGINE_TYPE', 'OIL_TYPE'] as const;
export const MEDIA_TYPES = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
/** Media library file types, decided from the bytes (apps/api/src/modules/media/media-types.ts). MOV is what iPhones record. */
export const ALLOWED_UPLOAD_MIME = {
  IMAGE: ['image/jpeg', 'image/png', 'image/webp'],
  VIDEO: ['video/mp4', 'video/webm', 'video/quicktime'],
  DOCUMENT: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
} as const;

/** Settings the web app refuses to start without (SPEC §1). */
export const REQUIRED_WEB_ENV = [
  'VITE_APP_NAME',
  'VITE_APP_VERSION',
  'VITE_API_URL',
  'VITE_USER_API_URL',
  'VITE_SUPPORT_EMAIL',
  'VITE_PHONE',
  'VITE_WHATSAPP',
  'VITE_FACEBOOK',
  'VITE_INSTAGRAM',
] as const;
export const MISSING_ENV_MESSAGE = 'Missing required environment variables: ';
