import path from 'node:path'
import { z } from 'zod'

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined))

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter((item) => item !== ''),
  )

/**
 * Every setting the server reads, checked once. The README's configuration table lists
 * the same names; nothing else in the code reads `process.env`.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  SITE_NAME_KO: z.string().default('리얼터 홈'),
  SITE_NAME_EN: z.string().default('Realtor Home'),
  PRODUCT_HOSTS: commaList,
  DEV_HOST: optionalString,
})

export type Env = z.infer<typeof envSchema>

let cached: Env | undefined

export function env(): Env {
  cached ??= envSchema.parse(process.env)
  return cached
}

/** Absolute data folder (SQLite file, uploads, generated secret). */
export function dataDir(): string {
  return path.resolve(env().DATA_DIR)
}
