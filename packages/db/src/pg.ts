// node-postgres for the API's code that needs plain connections (analytics ingestion and LISTEN), so the
// API uses the same driver version as the pool it shares with Prisma without depending on it separately.
import pg from 'pg';

export { pg };
export type { Pool, PoolClient, Client, Notification } from 'pg';
