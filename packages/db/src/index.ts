export { createDb, DEFAULT_POOL_SIZE, type Db } from './client.ts';
export { resolveDatabase, type ResolvedDatabase } from './database.ts';
export { createLocalStorage, type ByteRange, type FileStorage } from './storage.ts';
export { storeImageVersions, thumbnailKeyOf, type StoredImageFormat } from './media-images.ts';
export { defaultDataDir, repoRoot } from './paths.ts';
export * from './generated/prisma/client.ts';
export { hashPassword, verifyPassword, ARGON2_OPTIONS } from './password.ts';
export { seedDemoData, DEMO_ACCOUNTS } from './seed/demo.ts';
export { ensureMerchant, lockInstallation, NEUTRAL_MERCHANT } from './merchant.ts';
