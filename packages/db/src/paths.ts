import { fileURLToPath } from 'node:url';

/** The repository root (packages/db/src/../../..). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** Git-ignored folder for local state: the embedded cluster and uploaded files. */
export const defaultDataDir = `${repoRoot}.data`;
