export { createDb, DEFAULT_POOL_SIZE, type Db } from './client.ts';
export { isDatabaseUnavailable } from './unavailable.ts';
export { resolveDatabase, type ResolvedDatabase } from './database.ts';
export { createLocalStorage, type ByteRange, type FileStorage } from './storage.ts';
export { loadSharp, storeImageVersions, thumbnailKeyOf, type StoredImageFormat } from './media-images.ts';
export { defaultDataDir, repoRoot } from './paths.ts';
export * from './generated/prisma/client.ts';
export { hashPassword, verifyPassword, ARGON2_OPTIONS } from './password.ts';
export { seedDemoData, DEMO_ACCOUNTS, type DemoSeedOptions } from './seed/demo.ts';
export { demoProfileFrom, DEMO_PROFILES } from './seed/tax.ts';
export { applyTaxProfile } from './tax-profile.ts';
export { seedDemoMedia } from './seed/media.ts';
export { seedDemoInspectionPhotos } from './seed/demo-inspection-photos.ts';
export { ensureMerchant, lockInstallation, NEUTRAL_MERCHANT } from './merchant.ts';
export {
  ensureStandardInspectionTemplates,
  STANDARD_INSPECTION_TEMPLATES,
  STANDARD_TEMPLATE_IDS,
  type StandardTemplate,
  type StandardTemplateItem,
} from './inspection-templates.ts';
