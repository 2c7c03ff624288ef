import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'

/*
 * A backup is a folder: the database copy, the uploads, the generated secret, and this
 * manifest, which says what the copy is (engine, schema version) and lets a restore prove
 * every file is whole before it puts anything in place (decision 045).
 */

export const MANIFEST_FILE = 'manifest.json'
export const SQLITE_FILE = 'database.sqlite'
export const POSTGRES_FILE = 'database.pgdump'
export const SECRET_FILE = 'auth-secret'
export const UPLOADS_FOLDER = 'uploads'

/** A path inside the backup folder: relative, forward slashes, never climbing out of it. */
const relativePath = z
  .string()
  .min(1)
  .refine((value) => !path.posix.isAbsolute(value) && !value.includes('\\') && path.posix.normalize(value) === value && !value.startsWith('..'), {
    message: 'not a plain relative path',
  })

export const manifestSchema = z.object({
  format: z.literal(1),
  /** When the database snapshot began: every write acknowledged before it is in the copy. */
  startedAt: z.iso.datetime(),
  /** When the backup was complete. */
  createdAt: z.iso.datetime(),
  engine: z.enum(['sqlite', 'postgres']),
  /** The newest app migration recorded in the copy (null: a database never migrated). */
  migration: z.string().nullable(),
  app: z.object({ version: z.string(), commit: z.string().nullable() }),
  /** Local uploads are in `uploads/`; an S3 bucket's are not copied (its versioning is their backup). */
  storage: z.discriminatedUnion('kind', [z.object({ kind: z.literal('local') }), z.object({ kind: z.literal('s3'), bucket: z.string() })]),
  files: z.array(z.object({ path: relativePath, bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
})

export type Manifest = z.infer<typeof manifestSchema>
export type ManifestFile = Manifest['files'][number]

export async function sha256Of(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of createReadStream(file)) {
    if (!(chunk instanceof Buffer)) throw new Error(`unexpected chunk reading ${file}`)
    hash.update(chunk)
    bytes += chunk.length
  }
  return { sha256: hash.digest('hex'), bytes }
}

export class BackupError extends Error {
  override name = 'BackupError'
}

export async function readManifest(folder: string): Promise<Manifest> {
  let text: string
  try {
    text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8')
  } catch {
    throw new BackupError(`${folder} is not a backup: it has no ${MANIFEST_FILE}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} is not valid JSON`)
  }
  const parsed = manifestSchema.safeParse(json)
  if (!parsed.success) throw new BackupError(`${path.join(folder, MANIFEST_FILE)} is not a backup manifest: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

/** Throws unless `file` has exactly the size and checksum the manifest lists for it. */
export async function verifyFile(file: string, expected: ManifestFile): Promise<void> {
  const actual = await sha256Of(file).catch(() => undefined)
  if (!actual) throw new BackupError(`${expected.path} is missing from the backup`)
  if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) {
    throw new BackupError(`${expected.path} does not match the manifest (damaged or changed since the backup): nothing was restored`)
  }
}
