import type { Lang } from '~/lib/lang'
import { readPutResponse, SNIFF_BYTES, type PutAnswer } from './photo-list'

/*
 * The browser side of spec §7's upload: reading a file's first bytes and PUTting it to its
 * presigned URL. Nothing here runs at import time, so tests can import the limiter in Node.
 */

export type PutResult = PutAnswer | { kind: 'network' } | { kind: 'aborted' }

/** The first bytes of a file, for `checkFile`; undefined when the browser cannot read it (moved, revoked). */
export async function readFileHead(file: Blob): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())
  } catch {
    return undefined
  }
}

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin
  } catch {
    return false
  }
}

/**
 * PUTs a file with XMLHttpRequest rather than fetch: fetch reports no upload progress, and a
 * realtor on a phone sending a 10 MB photo needs to see that something is happening.
 */
export function putFile(input: {
  uploadUrl: string
  /** The presign answer's `headers`: the upload URL is signed over them, so each one is sent as listed. */
  headers: Readonly<Record<string, string>>
  file: Blob
  lang: Lang
  signal: AbortSignal
  onProgress: (sent: number, total: number) => void
}): Promise<PutResult> {
  return new Promise((resolve) => {
    if (input.signal.aborted) {
      resolve({ kind: 'aborted' })
      return
    }
    const xhr = new XMLHttpRequest()
    const abort = () => xhr.abort()
    const settle = (result: PutResult) => {
      input.signal.removeEventListener('abort', abort)
      resolve(result)
    }
    input.signal.addEventListener('abort', abort, { once: true })
    xhr.open('PUT', input.uploadUrl)
    // The presigned URL is signed over these: the content type (the server compares it with the
    // bytes) and on S3 `if-none-match: *`, which makes the store refuse a second PUT to the key.
    for (const [name, value] of Object.entries(input.headers)) xhr.setRequestHeader(name, value)
    // Our own upload endpoint translates its refusals; a foreign store (S3) gets no extra header
    // its CORS rules might not allow.
    if (isSameOrigin(input.uploadUrl)) xhr.setRequestHeader('accept-language', input.lang)
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) input.onProgress(event.loaded, event.total)
    })
    xhr.addEventListener('load', () => settle(readPutResponse(xhr.status, xhr.responseText)))
    xhr.addEventListener('error', () => settle({ kind: 'network' }))
    xhr.addEventListener('timeout', () => settle({ kind: 'network' }))
    xhr.addEventListener('abort', () => settle({ kind: 'aborted' }))
    xhr.send(input.file)
  })
}

/**
 * Runs at most `concurrency` tasks at once. A gallery of twenty photos sent all at once would
 * split a phone's bandwidth twenty ways and show twenty bars crawling; a few at a time finish
 * sooner one by one, and the presigned URLs of the queued ones stay fresh.
 */
export function createLimiter(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0
  const waiting: Array<() => void> = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < concurrency) active += 1
    // A finishing task hands its slot straight to the next in line, so none can jump the queue.
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active -= 1
    }
  }
}
