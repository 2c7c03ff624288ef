import { isIP } from 'node:net'
import { INSPECT_BYTES, PRESIGN_TTL_SECONDS, assertValidMaxBytes, trimTrailingSlashes, type PresignedUpload, type StorageDriver } from './storage-driver'
import { assertValidStorageFolder, assertValidStorageKey, isValidStorageKey } from './storage-keys'

export type S3StorageConfig = {
  bucket: string
  region: string
  endpoint?: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
  /** A CDN or custom domain in front of the bucket; without it the URL is the bucket's own. */
  publicBaseUrl?: string
}

/** Bucket names the SDK addresses virtual-hosted style (a single DNS label). */
const DNS_BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/

/** Keeps a large delete from opening hundreds of sockets at once. */
const DELETE_CONCURRENCY = 8

/**
 * S3-compatible driver (AWS, MinIO, R2, s3rver in tests).
 *
 * Unlike the local driver, a presigned PUT cannot cap the body size (only a POST policy can) and
 * S3 never looks at the bytes: the content type is enforced (it is signed), size and content are
 * checked when a save adds the photo (`stored-photos.ts`), before any page shows it.
 */
/**
 * The AWS SDK is loaded on the first call that needs it, never on a server that keeps photos on
 * its own disk: it is ~35 MB of each worker's memory (issue 12).
 */
async function loadSdk(config: S3StorageConfig) {
  const [s3, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')])
  const client = new s3.S3Client({
    region: config.region,
    // A trailing slash would give `//key` in the SDK's URLs but not in publicUrl.
    endpoint: config.endpoint === undefined ? undefined : trimTrailingSlashes(config.endpoint),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // With the SDK's default (WHEN_SUPPORTED) a presigned PUT carries a CRC32 checksum of an empty
    // body in its query, which the client's real file never matches; real S3 and MinIO then refuse it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const isNotFound = (error: unknown): boolean =>
    error instanceof s3.S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  return { s3, client, getSignedUrl: presigner.getSignedUrl, isNotFound }
}

export function createS3Storage(config: S3StorageConfig): StorageDriver {
  let loaded: ReturnType<typeof loadSdk> | undefined
  const sdk = () => (loaded ??= loadSdk(config))
  const base = publicBaseFor(config)
  // The bucket's own address, which the stored URL was before a CDN base was set (or is, without one).
  const bucketBase = publicBaseFor({ ...config, publicBaseUrl: undefined })
  const storeBases = [...new Set([base, bucketBase])].map((value) => `${value}/`)
  const keyFromUrl = (url: string): string | undefined => {
    const prefix = storeBases.find((candidate) => url.startsWith(candidate))
    if (prefix === undefined) return undefined
    const key = url.slice(prefix.length)
    return isValidStorageKey(key) ? key : undefined
  }

  return {
    kind: 's3',
    // Where photos are read (a CDN base, or the bucket) and where presigned PUTs go (the bucket).
    browserOrigins: [...new Set([new URL(base).origin, new URL(bucketBase).origin])],

    async presignPut({ key, contentType, maxBytes }): Promise<PresignedUpload> {
      assertValidStorageKey(key)
      assertValidMaxBytes(maxBytes)
      const { s3, client, getSignedUrl } = await sdk()
      const expiresAt = new Date(Date.now() + PRESIGN_TTL_SECONDS * 1000)
      // `If-None-Match: *` makes the PUT a conditional write (issue 17): the store refuses it once
      // the key holds an object, so an upload URL works once and a photo served `immutable` never
      // changes under its URL. It is signed, so a client cannot drop the condition and keep the
      // signature. (A store without conditional writes ignores it: see README, "Uploaded files".)
      const command = new s3.PutObjectCommand({ Bucket: config.bucket, Key: key, ContentType: contentType, IfNoneMatch: '*' })
      const uploadUrl = await getSignedUrl(client, command, {
        expiresIn: PRESIGN_TTL_SECONDS,
        // The presigner leaves the content type out of the signature unless named here, so a
        // client could store HTML under an image key; signed, the store refuses any other type.
        // It signs the command's other headers by itself; `if-none-match` is named so that it
        // stays signed should that default change.
        signableHeaders: new Set(['content-type', 'if-none-match']),
      })
      // Spec §7: the stored URL is the upload URL without its query string. A CDN base replaces it.
      const url = config.publicBaseUrl ? `${base}/${key}` : withoutQuery(uploadUrl)
      return {
        key,
        uploadUrl,
        url,
        contentType,
        expiresAt: expiresAt.toISOString(),
        headers: { 'content-type': contentType, 'if-none-match': '*' },
      }
    },

    async put(key, bytes, contentType) {
      assertValidStorageKey(key)
      const { s3, client } = await sdk()
      await client.send(new s3.PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: contentType }))
    },

    async get(key) {
      if (!isValidStorageKey(key)) return undefined
      const { s3, client, isNotFound } = await sdk()
      try {
        const response = await client.send(new s3.GetObjectCommand({ Bucket: config.bucket, Key: key }))
        if (!response.Body) return undefined
        return { bytes: await response.Body.transformToByteArray(), contentType: response.ContentType ?? 'application/octet-stream' }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },

    // HEAD for the size, then a ranged GET for the first bytes: a range on an empty object is
    // an error on S3 (416) and broke the connection on other stores, so it is never asked for.
    async inspect(key) {
      if (!isValidStorageKey(key)) return undefined
      const { s3, client, isNotFound } = await sdk()
      try {
        const { ContentLength: size = 0 } = await client.send(new s3.HeadObjectCommand({ Bucket: config.bucket, Key: key }))
        if (size === 0) return { size, head: new Uint8Array() }
        const response = await client.send(new s3.GetObjectCommand({ Bucket: config.bucket, Key: key, Range: `bytes=0-${INSPECT_BYTES - 1}` }))
        // A store that ignores Range answers with the whole object; only its start is kept.
        const bytes = response.Body ? await response.Body.transformToByteArray() : new Uint8Array()
        return { size, head: bytes.subarray(0, INSPECT_BYTES) }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },

    // One DeleteObject per key rather than DeleteObjects: the batch call requires a checksum header
    // that several S3-compatible stores do not accept from current SDKs.
    async delete(keys) {
      const queue = keys.filter(isValidStorageKey)
      if (queue.length === 0) return
      const { s3, client } = await sdk()
      const worker = async (): Promise<void> => {
        for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
          await client.send(new s3.DeleteObjectCommand({ Bucket: config.bucket, Key: key }))
        }
      }
      await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, queue.length) }, worker))
    },

    async *list(prefix) {
      assertValidStorageFolder(prefix)
      const { s3, client } = await sdk()
      let continuationToken: string | undefined
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken: continuationToken }))
        for (const object of page.Contents ?? []) {
          // Keys someone else put in the bucket that our rules would refuse are not ours to delete.
          if (object.Key === undefined || object.LastModified === undefined || !isValidStorageKey(object.Key)) continue
          yield { key: object.Key, lastModified: object.LastModified }
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (continuationToken !== undefined)
    },

    publicUrl(key) {
      assertValidStorageKey(key)
      return `${base}/${key}`
    },

    isStoreUrl(url) {
      return storeBases.some((prefix) => url.startsWith(prefix))
    },

    keyFromUrl,
  }
}

/**
 * The URL a key is reachable at, built the way the SDK builds request URLs so that
 * `publicUrl(key)` equals the presigned URL without its query (the tests hold the two together).
 */
function publicBaseFor(config: S3StorageConfig): string {
  if (config.publicBaseUrl) return trimTrailingSlashes(config.publicBaseUrl)
  // The SDK falls back to path style for bucket names that cannot be a DNS label and for IP hosts.
  const virtualHostable = !config.forcePathStyle && DNS_BUCKET.test(config.bucket)
  if (config.endpoint) {
    const endpoint = new URL(config.endpoint)
    const pathname = trimTrailingSlashes(endpoint.pathname)
    return virtualHostable && isIP(endpoint.hostname.replace(/^\[|\]$/g, '')) === 0
      ? `${endpoint.protocol}//${config.bucket}.${endpoint.host}${pathname}`
      : `${endpoint.protocol}//${endpoint.host}${pathname}/${config.bucket}`
  }
  return virtualHostable ? `https://${config.bucket}.s3.${config.region}.amazonaws.com` : `https://s3.${config.region}.amazonaws.com/${config.bucket}`
}

function withoutQuery(url: string): string {
  const parsed = new URL(url)
  parsed.search = ''
  parsed.hash = ''
  return parsed.toString()
}
