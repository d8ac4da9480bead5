// What the app is built from. Tests build the app with their own database and a mail sink.
import type { Db, FileStorage } from '@garage/db';
import type { Config } from './env.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  storage: FileStorage;
  /** Secret for signing access tokens. */
  jwtSecret: string;
}
