import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'

/*
 * Loopback stand-ins for the translation providers the app calls (decision 071), each
 * implementing its provider's documented endpoint as a client sees it: the path and method, the
 * credential, the shape of a batch and its limits (a request over them is refused with 400 and
 * kept in `refusals`), the answer's shape, and on demand the failures the app must survive: a
 * used-up quota in the provider's own words, a 429 with Retry-After, a 5xx. "Translating" puts
 * the target language before the text, so a test can tell a translation from its source.
 */

export const DEEPL_KEY = 'deepl-test-key:fx'
export const GOOGLE_KEY = 'google-test-key'
export const PAPAGO_ID = 'papago-client-id'
export const PAPAGO_SECRET = 'papago-client-secret'

export type FakeProviderName = 'deepl' | 'google' | 'papago'

/** One request the fake translated: its texts, target and source as sent. */
export type TranslatedRequest = { texts: Array<string>; target: string; source: string | undefined }

export type FakeTranslator = {
  name: FakeProviderName
  /** The URL setting the app is configured with (DEEPL_API_URL, GOOGLE_TRANSLATE_API_URL, PAPAGO_API_URL). */
  url: string
  /** The app's settings for this provider against this fake. */
  env: Record<string, string>
  /** Every request translated, in order. */
  translated: Array<TranslatedRequest>
  /** Why the fake refused requests other than the failures a test asked for. */
  refusals: Array<string>
  /** Requests answered with a failure a test asked for. */
  failed: number
  /** The next `count` requests get this failure. */
  failNext: (failure: FakeFailure, count?: number) => void
  /** Characters the account may still translate; past it, the quota answer. Infinity unless set. */
  setQuota: (chars: number) => void
  /** Milliseconds each translation takes (to make two workers overlap). */
  setDelay: (ms: number) => void
  close: () => Promise<void>
}

export type FakeFailure = { kind: 'rate_limited'; retryAfter?: string } | { kind: 'server' } | { kind: 'quota' }

/** What the fake makes of a text: the target's code before it. */
export function fakeTranslation(text: string, target: string): string {
  return `[${target.toLowerCase()}] ${text}`
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> }

type Provider = {
  path: string
  /** The request's texts and languages, or the refusal the provider would send (and why). */
  read: (request: IncomingMessage, url: URL, body: string) => TranslatedRequest | { reply: Reply; why: string | undefined }
  answer: (request: TranslatedRequest) => unknown
  failure: (failure: FakeFailure) => Reply
}

function retryAfterHeader(retryAfter: string | undefined): Record<string, string> {
  return retryAfter === undefined ? {} : { 'retry-after': retryAfter }
}

const json = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const deeplRequest = z.object({
  text: z.array(z.string()).min(1).max(50),
  target_lang: z.enum(['KO', 'EN-US', 'EN-GB']),
  source_lang: z.enum(['KO', 'EN']).optional(),
})

/** developers.deepl.com, "Translate text". */
const deepl: Provider = {
  path: '/v2/translate',
  read: (request, _url, body) => {
    if (request.headers.authorization !== `DeepL-Auth-Key ${DEEPL_KEY}`)
      return { reply: { status: 403, body: { message: 'Wrong endpoint. Use https://api.deepl.com' } }, why: undefined }
    if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
      return { reply: { status: 415, body: { message: 'Unsupported media type' } }, why: 'not JSON' }
    const parsed = deeplRequest.safeParse(json(body))
    if (!parsed.success) return { reply: { status: 400, body: { message: 'Bad request' } }, why: `DeepL body: ${parsed.error.message}` }
    return { texts: parsed.data.text, target: parsed.data.target_lang, source: parsed.data.source_lang }
  },
  answer: (request) => ({ translations: request.texts.map((text) => ({ detected_source_language: 'EN', text: fakeTranslation(text, request.target) })) }),
  failure: (failure) =>
    failure.kind === 'quota'
      ? { status: 456, body: { message: 'Quota exceeded' } }
      : failure.kind === 'rate_limited'
        ? { status: 429, body: { message: 'Too many requests' }, headers: retryAfterHeader(failure.retryAfter) }
        : { status: 503, body: { message: 'Service unavailable' } },
}

const googleRequest = z.object({
  q: z.array(z.string()).min(1).max(128),
  target: z.enum(['ko', 'en']),
  source: z.enum(['ko', 'en']).optional(),
  format: z.literal('text'),
})

const googleError = (code: number, reason: string, message: string, status: string) => ({
  error: { code, message, errors: [{ message, domain: 'global', reason }], status },
})

/** cloud.google.com/translate/docs/reference/rest/v2/translate. */
const google: Provider = {
  path: '/language/translate/v2',
  read: (_request, url, body) => {
    if (url.searchParams.get('key') !== GOOGLE_KEY)
      return {
        reply: { status: 400, body: googleError(400, 'keyInvalid', 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT') },
        why: undefined,
      }
    const parsed = googleRequest.safeParse(json(body))
    if (!parsed.success)
      return { reply: { status: 400, body: googleError(400, 'invalid', 'Invalid Value', 'INVALID_ARGUMENT') }, why: `Google body: ${parsed.error.message}` }
    const chars = parsed.data.q.reduce((total, text) => total + text.length, 0)
    if (chars > 5000)
      return { reply: { status: 400, body: googleError(400, 'invalid', 'Text too long', 'INVALID_ARGUMENT') }, why: `Google request of ${chars} characters` }
    return { texts: parsed.data.q, target: parsed.data.target, source: parsed.data.source }
  },
  answer: (request) => ({
    data: { translations: request.texts.map((text) => ({ translatedText: fakeTranslation(text, request.target), detectedSourceLanguage: 'en' })) },
  }),
  failure: (failure) =>
    failure.kind === 'quota'
      ? { status: 403, body: googleError(403, 'dailyLimitExceeded', 'Daily Limit Exceeded', 'PERMISSION_DENIED') }
      : failure.kind === 'rate_limited'
        ? {
            status: 429,
            body: googleError(429, 'rateLimitExceeded', 'Rate Limit Exceeded', 'RESOURCE_EXHAUSTED'),
            headers: retryAfterHeader(failure.retryAfter),
          }
        : { status: 500, body: googleError(500, 'backendError', 'Internal error', 'INTERNAL') },
}

const papagoRequest = z.object({ source: z.enum(['auto', 'ko', 'en']), target: z.enum(['ko', 'en']), text: z.string().min(1).max(5000) })

const papagoError = (errorCode: string, message: string) => ({ error: { errorCode, message } })

/** api.ncloud-docs.com, "Papago Translation": text translation, one text per request. */
const papago: Provider = {
  path: '/nmt/v1/translation',
  read: (request, _url, body) => {
    if (request.headers['x-ncp-apigw-api-key-id'] !== PAPAGO_ID || request.headers['x-ncp-apigw-api-key'] !== PAPAGO_SECRET)
      return { reply: { status: 401, body: papagoError('200', 'Authentication Failed') }, why: undefined }
    const parsed = papagoRequest.safeParse(json(body))
    if (!parsed.success) return { reply: { status: 400, body: papagoError('N2MT02', 'Invalid parameter') }, why: `Papago body: ${parsed.error.message}` }
    return { texts: [parsed.data.text], target: parsed.data.target, source: parsed.data.source === 'auto' ? undefined : parsed.data.source }
  },
  answer: (request) => ({
    message: {
      '@type': 'response',
      '@service': 'naverservice.nmt.proxy',
      '@version': '1.0.0',
      result: { srcLangType: request.source ?? 'en', tarLangType: request.target, translatedText: fakeTranslation(request.texts[0] ?? '', request.target) },
    },
  }),
  failure: (failure) =>
    failure.kind === 'quota'
      ? { status: 429, body: papagoError('400', 'Quota Exceeded') }
      : failure.kind === 'rate_limited'
        ? { status: 429, body: papagoError('420', 'Rate Limited'), headers: retryAfterHeader(failure.retryAfter) }
        : { status: 500, body: papagoError('N2MT99', 'Internal server errors') },
}

const PROVIDERS: Record<FakeProviderName, Provider> = { deepl, google, papago }

export async function startFakeTranslator(name: FakeProviderName): Promise<FakeTranslator> {
  const provider = PROVIDERS[name]
  const queued: Array<FakeFailure> = []
  let quota = Number.POSITIVE_INFINITY
  let delayMs = 0
  const fake: Pick<FakeTranslator, 'translated' | 'refusals' | 'failed'> = { translated: [], refusals: [], failed: 0 }
  const send = (response: ServerResponse, reply: Reply) => {
    response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers })
    response.end(JSON.stringify(reply.body))
  }
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1')
        if (request.method !== 'POST' || url.pathname !== provider.path) {
          fake.refusals.push(`${request.method ?? '?'} ${url.pathname}`)
          return send(response, { status: 404, body: { message: 'Not found' } })
        }
        const read = provider.read(request, url, Buffer.concat(chunks).toString('utf8'))
        if ('reply' in read) {
          if (read.why !== undefined) fake.refusals.push(read.why)
          return send(response, read.reply)
        }
        const failure = queued.shift()
        if (failure) {
          fake.failed += 1
          return send(response, provider.failure(failure))
        }
        const chars = read.texts.reduce((total, text) => total + text.length, 0)
        if (chars > quota) {
          fake.failed += 1
          return send(response, provider.failure({ kind: 'quota' }))
        }
        quota -= chars
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
        fake.translated.push(read)
        send(response, { status: 200, body: provider.answer(read) })
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  const url = name === 'deepl' ? origin : `${origin}${provider.path}`
  const env: Record<string, string> =
    name === 'deepl'
      ? { TRANSLATION_PROVIDER: 'deepl', DEEPL_API_KEY: DEEPL_KEY, DEEPL_API_URL: url }
      : name === 'google'
        ? { TRANSLATION_PROVIDER: 'google', GOOGLE_TRANSLATE_API_KEY: GOOGLE_KEY, GOOGLE_TRANSLATE_API_URL: url }
        : { TRANSLATION_PROVIDER: 'papago', PAPAGO_CLIENT_ID: PAPAGO_ID, PAPAGO_CLIENT_SECRET: PAPAGO_SECRET, PAPAGO_API_URL: url }
  return Object.assign(fake, {
    name,
    url,
    env,
    failNext: (failure: FakeFailure, count = 1) => {
      for (let index = 0; index < count; index += 1) queued.push(failure)
    },
    setQuota: (chars: number) => {
      quota = chars
    },
    setDelay: (ms: number) => {
      delayMs = ms
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  })
}
