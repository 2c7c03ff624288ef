import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createStorage, type StorageDriver } from '../../src/server/uploads/storage'

/*
 * The S3-compatible server the integration tests run on loopback: @20minutes/s3rver, in process,
 * storing in a temporary folder. Shared by the storage driver's suite and the upload cleanup's.
 */

type S3rverServer = { run(): Promise<unknown>; close(): Promise<unknown> }

function isS3rverServer(value: unknown): value is S3rverServer {
  return (
    typeof value === 'object' && value !== null && 'run' in value && typeof value.run === 'function' && 'close' in value && typeof value.close === 'function'
  )
}

function portOf(address: unknown): number {
  if (typeof address === 'object' && address !== null && 'port' in address && typeof address.port === 'number') return address.port
  throw new Error(`s3rver did not report a listening port: ${JSON.stringify(address)}`)
}

/** s3rver ships no types; it is loaded as the CommonJS module it is and checked at run time. */
async function startS3rverOn(directory: string, bucket: string, options: TestS3Options): Promise<{ server: S3rverServer; port: number }> {
  const S3rver: unknown = createRequire(import.meta.url)('@20minutes/s3rver')
  if (typeof S3rver !== 'function') throw new Error('@20minutes/s3rver did not export a constructor')
  const server: unknown = Reflect.construct(S3rver, [
    {
      address: '127.0.0.1',
      // Port 0: the OS picks a free port, so parallel runs never collide.
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
      allowMismatchedSignatures: options.allowMismatchedSignatures ?? false,
    },
  ])
  if (!isS3rverServer(server)) throw new Error('@20minutes/s3rver instance lacks run/close')
  return { server, port: portOf(await server.run()) }
}

export type TestS3 = { bucket: string; endpoint: string; storage: StorageDriver; close: () => Promise<void> }

export type TestS3Options = {
  /**
   * s3rver 5.0.0 checks a path-style request on a bucket (ListObjectsV2: `GET /bucket/?list-type=2`)
   * against `/bucket`, while the AWS SDK signs the `/bucket/` it sends (as AWS S3 and MinIO
   * expect), so every listing is refused with SignatureDoesNotMatch. A suite that lists the
   * bucket turns signature checks off; the suites about signatures keep them on.
   */
  allowMismatchedSignatures?: boolean
}

/** A running s3rver with one empty bucket, and the app's S3 driver pointed at it. */
export async function startTestS3(bucket = 'realtor-uploads', options: TestS3Options = {}): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'storage-s3rver-'))
  let started
  try {
    started = await startS3rverOn(directory, bucket, options)
  } catch (error) {
    await rm(directory, { recursive: true, force: true })
    throw error
  }
  const { server, port } = started
  const endpoint = `http://127.0.0.1:${port}`
  const storage = createStorage({
    driver: 's3',
    bucket,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  })
  return {
    bucket,
    endpoint,
    storage,
    close: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/**
 * Whether the store refuses a PUT with `If-None-Match: *` onto a key that holds an object (S3
 * conditional writes), asked with the SDK directly, not through the app's presigned URLs: the
 * answer tells a broken store from a broken app. s3rver 5.0.0 ignores the header on PUT (it only
 * reads If-None-Match on GET), so there it is false.
 */
export async function storeHonoursConditionalPut(s3: TestS3): Promise<boolean> {
  const { S3Client, PutObjectCommand, S3ServiceException } = await import('@aws-sdk/client-s3')
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  const key = `probe/conditional-put-${Date.now()}.bin`
  try {
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: new Uint8Array([1]) }))
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: new Uint8Array([2]), IfNoneMatch: '*' }))
    return false
  } catch (error) {
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412) return true
    throw error
  } finally {
    await s3.storage.delete([key])
    client.destroy()
  }
}
