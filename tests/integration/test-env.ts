import { tmpdir } from 'node:os'
import path from 'node:path'
import { envSchema, type Env } from '../../src/server/config/env'

/*
 * The integration suites' settings, apart from harness.ts so that global-setup.ts (which has no
 * `inject`) migrates the template databases with the very settings the suites' apps use.
 */

export const ORIGIN = 'http://test.local'
export const SECRET = 'test-secret-0123456789abcdef'
export const ADMIN_EMAIL = 'admin@example.com'

/** Limits small enough to reach in a test; each test uses its own client IP unless it means not to. */
export const TEST_LIMITS = { contact: 3, auth: 5, windowSeconds: 60, uploadMaxBytes: 256 * 1024 }

/** An Env parsed by the app's own schema from test values (nothing is read from process.env). */
export function testEnv(overrides: Record<string, string | undefined> = {}): Env {
  return envSchema.parse({
    NODE_ENV: 'test',
    DATA_DIR: path.join(tmpdir(), 'realtor-test-data-unused'),
    PUBLIC_URL: ORIGIN,
    ADMIN_EMAILS: ADMIN_EMAIL,
    SEED_DEMO: 'false',
    UPLOAD_MAX_BYTES: String(TEST_LIMITS.uploadMaxBytes),
    RATE_LIMIT_WINDOW_SECONDS: String(TEST_LIMITS.windowSeconds),
    RATE_LIMIT_CONTACT: String(TEST_LIMITS.contact),
    RATE_LIMIT_AUTH: String(TEST_LIMITS.auth),
    RATE_LIMIT_UPLOAD: '1000',
    ...overrides,
  })
}
