// Process configuration from the environment (documented in README.md).
import { resolve } from 'node:path';

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  /** password of the technical (system) user; without it that user cannot log in */
  systemPassword?: string;
  /** behind HTTPS (or a TLS proxy): session cookies get the Secure flag */
  secureCookies: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ? Number(env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  return {
    port,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    systemPassword: env.SYSTEM_PASSWORD || undefined,
    secureCookies: env.SECURE_COOKIES === '1' || env.SECURE_COOKIES === 'true',
  };
}
