import { afterEach, describe, expect, it, vi } from 'vitest'
import { envSchema } from '../../src/server/config/env'
import { billedChars, budgetDay, LISTINGS_BUDGET_SHARE } from '../../src/server/translation/budget'
import { defaultDeepLUrl, translationConfigFrom } from '../../src/server/translation/config'
import { TranslationError, type TranslationProvider } from '../../src/server/translation/provider'
import { deeplProvider } from '../../src/server/translation/providers/deepl'
import { googleProvider } from '../../src/server/translation/providers/google'
import { papagoProvider } from '../../src/server/translation/providers/papago'
import { sourceHash } from '../../src/server/translation/remarks-hash'
import { passIsDue, providerPauseMs, retryTimeAfter } from '../../src/server/translation/remarks-schedule'
import { translateWithRetries, type RetryPolicy } from '../../src/server/translation/retries'
import { remarksToTranslate } from '../../src/server/translation/stored-translation'
import { batchesWithin, joinTranslated, prefixWithin, splitForTranslation } from '../../src/server/translation/text-batches'
import { translateDraftSchema } from '../../src/schemas/translation'

/*
 * Issue 54 (decision 071): the pure parts of machine translation. The source hash, the batches a
 * budget and a provider's limits allow, the cutting of a long draft, the retry policy, when the
 * job runs, and each adapter's request and answer exactly as its provider documents them (fetch
 * is replaced; tests/integration/translation.test.ts runs them against loopback servers).
 */

const NOW = new Date('2026-12-02T09:00:00.000Z')
const now = () => NOW

describe('the source hash', () => {
  it('is the SHA-256 of the remarks as sent, in hex', () => {
    expect(sourceHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sourceHash('집')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('does not change with a feed rewriting line ends or trailing space', () => {
    expect(sourceHash(remarksToTranslate('Two beds.\r\nOne bath. '))).toBe(sourceHash(remarksToTranslate('Two beds.\nOne bath.')))
    expect(sourceHash(remarksToTranslate('Two beds.'))).not.toBe(sourceHash(remarksToTranslate('Three beds.')))
  })
})

describe('batching within the limits and the budget', () => {
  const items = (sizes: ReadonlyArray<number>) => sizes.map((chars, index) => ({ id: index, chars }))

  it('groups texts in order within the texts and characters of one request', () => {
    expect(batchesWithin(items([10, 10, 10, 10, 10]), 2, 100).map((batch) => batch.map((item) => item.id))).toEqual([[0, 1], [2, 3], [4]])
    expect(batchesWithin(items([60, 30, 20, 90, 5]), 50, 100).map((batch) => batch.map((item) => item.id))).toEqual([[0, 1], [2], [3, 4]])
    // Papago: one text a request.
    expect(batchesWithin(items([1, 1, 1]), 1, 5000)).toHaveLength(3)
    expect(batchesWithin([], 50, 100)).toEqual([])
  })

  it('takes the newest listings that fit the budget left, never skipping ahead to a smaller one', () => {
    expect(prefixWithin(items([300, 300, 300, 100]), 850).map((item) => item.id)).toEqual([0, 1])
    expect(prefixWithin(items([900]), 850)).toEqual([])
    expect(prefixWithin(items([100, 100]), 200)).toHaveLength(2)
  })

  it('leaves the realtors a tenth of the day and counts characters as providers bill them', () => {
    expect(Math.floor(200_000 * LISTINGS_BUDGET_SHARE)).toBe(180_000)
    expect(billedChars(['abc', '집이다', '👍'])).toBe(7)
    expect(budgetDay(new Date('2026-12-02T23:59:59.999Z'))).toBe('2026-12-02')
    expect(budgetDay(new Date('2026-12-03T00:00:00.000Z'))).toBe('2026-12-03')
  })
})

describe('cutting a long draft', () => {
  it('keeps paragraphs whole when they fit, and joins the translations with the same breaks', () => {
    const text = ['First paragraph here.', 'Second one.', 'Third paragraph, a little longer.'].join('\n\n')
    const { pieces, separators } = splitForTranslation(text, 40)
    expect(pieces).toEqual(['First paragraph here.\n\nSecond one.', 'Third paragraph, a little longer.'])
    expect(joinTranslated(pieces, separators)).toBe(text)
    expect(pieces.every((piece) => piece.length <= 40)).toBe(true)
  })

  it('cuts a long paragraph at sentence ends, then at spaces, then anywhere', () => {
    const paragraph = 'One sentence here. Another sentence there! A third one?'
    const split = splitForTranslation(paragraph, 25)
    expect(split.pieces.every((piece) => piece.length <= 25)).toBe(true)
    expect(joinTranslated(split.pieces, split.separators)).toBe(paragraph)
    const unbroken = 'x'.repeat(25)
    expect(splitForTranslation(unbroken, 10).pieces).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)])
    expect(splitForTranslation('short', 10)).toEqual({ pieces: ['short'], separators: [] })
  })

  it("cuts a post's HTML after a block's end tag, never inside a tag", () => {
    const html = '<p>First <a href="https://example.com/a. b">link</a>.</p><p>Second <strong>one</strong>.</p><h2>Third</h2>'
    const split = splitForTranslation(html, 60, 'html')
    expect(split.pieces).toEqual(['<p>First <a href="https://example.com/a. b">link</a>.</p>', '<p>Second <strong>one</strong>.</p><h2>Third</h2>'])
    expect(joinTranslated(split.pieces, split.separators)).toBe(html)
    // As plain text the same HTML is cut at a sentence end inside the link's address.
    expect(splitForTranslation(html, 60).pieces[0]).toBe('<p>First <a href="https://example.com/a.')
  })
})

describe('the settings', () => {
  const env = (values: Record<string, string>) => envSchema.parse({ NODE_ENV: 'test', ...values })

  it('is off unless a provider is chosen, with a 200,000-character day', () => {
    expect(translationConfigFrom(env({}))).toMatchObject({ provider: 'off', dailyChars: 200_000 })
  })

  it('sends a DeepL Free key (ending in :fx) to the free endpoint, a Pro key to the other, unless DEEPL_API_URL says', () => {
    expect(defaultDeepLUrl('abc:fx')).toBe('https://api-free.deepl.com')
    expect(defaultDeepLUrl('abc')).toBe('https://api.deepl.com')
    expect(translationConfigFrom(env({ TRANSLATION_PROVIDER: 'deepl', DEEPL_API_KEY: 'k:fx' }))).toMatchObject({ url: 'https://api-free.deepl.com' })
    expect(translationConfigFrom(env({ TRANSLATION_PROVIDER: 'deepl', DEEPL_API_KEY: 'k', DEEPL_API_URL: 'http://127.0.0.1:9/' }))).toMatchObject({
      url: 'http://127.0.0.1:9',
    })
  })

  it('refuses to start a provider without its key, naming the setting', () => {
    expect(() => translationConfigFrom(env({ TRANSLATION_PROVIDER: 'google' }))).toThrow(
      'GOOGLE_TRANSLATE_API_KEY is required when TRANSLATION_PROVIDER=google',
    )
    expect(() => translationConfigFrom(env({ TRANSLATION_PROVIDER: 'papago', PAPAGO_CLIENT_ID: 'id' }))).toThrow('PAPAGO_CLIENT_SECRET')
    expect(() => env({ TRANSLATION_PROVIDER: 'bing' })).toThrow()
  })

  it("checks a draft's text and languages", () => {
    expect(translateDraftSchema.safeParse({ text: ' Hello ', from: 'en', to: 'ko' })).toMatchObject({ success: true, data: { text: 'Hello' } })
    expect(translateDraftSchema.safeParse({ text: '   ', from: 'en', to: 'ko' }).success).toBe(false)
    expect(translateDraftSchema.safeParse({ text: 'Hello', from: 'en', to: 'en' }).success).toBe(false)
    expect(translateDraftSchema.safeParse({ text: 'x'.repeat(20_001), from: 'en', to: 'ko' }).success).toBe(false)
  })
})

describe('retries', () => {
  function flaky(failures: ReadonlyArray<TranslationError>): TranslationProvider & { calls: number } {
    const queue = [...failures]
    const provider = {
      name: 'deepl' as const,
      maxTextsPerRequest: 50,
      maxCharsPerRequest: 1000,
      calls: 0,
      translate: (texts: ReadonlyArray<string>) => {
        provider.calls += 1
        const failure = queue.shift()
        return failure ? Promise.reject(failure) : Promise.resolve(texts.map((text) => `ko:${text}`))
      },
    }
    return provider
  }
  const policy = (): RetryPolicy & { waits: Array<number> } => {
    const waits: Array<number> = []
    return { attempts: 3, baseDelayMs: 1000, maxWaitMs: 30_000, waits, sleep: (ms) => (waits.push(ms), Promise.resolve()) }
  }

  it('asks again after a 429 as long as its Retry-After says, and after a 5xx 1 s then 2 s', async () => {
    const rateLimited = flaky([new TranslationError('rate_limited', 'HTTP 429', 3000)])
    const first = policy()
    expect(await translateWithRetries(rateLimited, ['a'], 'ko', undefined, first)).toEqual(['ko:a'])
    expect(first.waits).toEqual([3000])
    const failing = flaky([new TranslationError('server', 'HTTP 503'), new TranslationError('network', 'ECONNRESET')])
    const second = policy()
    expect(await translateWithRetries(failing, ['a'], 'ko', undefined, second)).toEqual(['ko:a'])
    expect(second.waits).toEqual([1000, 2000])
  })

  it('does not ask again after a wrong key or a used-up quota, nor sleep through a long Retry-After', async () => {
    for (const kind of ['auth', 'quota', 'rejected', 'bad_response'] as const) {
      const provider = flaky([new TranslationError(kind, 'no')])
      await expect(translateWithRetries(provider, ['a'], 'ko', undefined, policy())).rejects.toMatchObject({ kind })
      expect(provider.calls).toBe(1)
    }
    const slow = flaky([new TranslationError('rate_limited', 'HTTP 429', 120_000)])
    const waits = policy()
    await expect(translateWithRetries(slow, ['a'], 'ko', undefined, waits)).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000 })
    expect(waits.waits).toEqual([])
    const down = flaky([new TranslationError('server', '1'), new TranslationError('server', '2'), new TranslationError('server', '3')])
    await expect(translateWithRetries(down, ['a'], 'ko', undefined, policy())).rejects.toMatchObject({ kind: 'server' })
    expect(down.calls).toBe(3)
  })
})

describe('when the job runs', () => {
  it('once after start, after each import, and when a stopped pass may go on', () => {
    expect(passIsDue({ lastImportSeen: undefined, retryAt: undefined }, null, NOW)).toBe(true)
    expect(passIsDue({ lastImportSeen: '2026-12-02T08:00:00.000Z', retryAt: undefined }, '2026-12-02T08:00:00.000Z', NOW)).toBe(false)
    expect(passIsDue({ lastImportSeen: '2026-12-02T08:00:00.000Z', retryAt: undefined }, '2026-12-02T08:45:00.000Z', NOW)).toBe(true)
    expect(passIsDue({ lastImportSeen: null, retryAt: NOW.getTime() + 1 }, null, NOW)).toBe(false)
    expect(passIsDue({ lastImportSeen: null, retryAt: NOW.getTime() }, null, NOW)).toBe(true)
  })

  it('waits for the next UTC day after the budget, and longer for a key or quota than for a 429', () => {
    expect(new Date(retryTimeAfter({ reason: 'budget' }, NOW)).toISOString()).toBe('2026-12-03T00:01:00.000Z')
    expect(providerPauseMs('auth', undefined)).toBe(3_600_000)
    expect(providerPauseMs('quota', undefined)).toBe(6 * 3_600_000)
    expect(providerPauseMs('rate_limited', 120_000)).toBe(300_000)
    expect(providerPauseMs('rate_limited', 900_000)).toBe(900_000)
    expect(retryTimeAfter({ reason: 'provider', error: new TranslationError('server', 'x') }, NOW)).toBe(NOW.getTime() + 300_000)
  })
})

describe('the adapters, as each provider documents its API', () => {
  type Sent = { url: string; method: string | undefined; headers: Record<string, string>; body: unknown }
  let sent: Array<Sent> = []

  function answer(status: number, body: unknown, headers: Record<string, string> = {}): void {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        sent.push({
          url,
          method: init.method,
          headers: Object.fromEntries(Object.entries(init.headers ?? {}).map(([key, value]: [string, string]) => [key.toLowerCase(), value])),
          body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        })
        return Promise.resolve(
          new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
        )
      }),
    )
  }

  afterEach(() => {
    vi.unstubAllGlobals()
    sent = []
  })

  describe('DeepL', () => {
    const deepl = deeplProvider({ apiKey: 'key:fx', url: 'https://api-free.deepl.com' }, now)

    it('POSTs /v2/translate with the DeepL-Auth-Key header and text[] to KO, reading translations[].text in order', async () => {
      answer(200, {
        translations: [
          { detected_source_language: 'EN', text: '햇살 좋은 집' },
          { detected_source_language: 'EN', text: '수영장' },
        ],
      })
      expect(await deepl.translate(['Sunny home', 'Pool'], 'ko')).toEqual(['햇살 좋은 집', '수영장'])
      expect(sent).toEqual([
        {
          url: 'https://api-free.deepl.com/v2/translate',
          method: 'POST',
          headers: { authorization: 'DeepL-Auth-Key key:fx', 'content-type': 'application/json' },
          body: { text: ['Sunny home', 'Pool'], target_lang: 'KO' },
        },
      ])
    })

    it('names English as EN-US for a target and EN for a source', async () => {
      answer(200, { translations: [{ text: 'Hello' }] })
      await deepl.translate(['안녕하세요'], 'en', 'ko')
      expect(sent[0]?.body).toEqual({ text: ['안녕하세요'], target_lang: 'EN-US', source_lang: 'KO' })
    })

    it("asks DeepL to translate around a post's HTML tags", async () => {
      answer(200, { translations: [{ text: '<p>밝은 <strong>집</strong></p>' }] })
      expect(await deepl.translate(['<p>Bright <strong>home</strong></p>'], 'ko', 'en', 'html')).toEqual(['<p>밝은 <strong>집</strong></p>'])
      expect(sent[0]?.body).toEqual({ text: ['<p>Bright <strong>home</strong></p>'], target_lang: 'KO', source_lang: 'EN', tag_handling: 'html' })
    })

    it('sorts 456 as the quota, 403 as the key, 429 with its Retry-After, 5xx as the server', async () => {
      answer(456, { message: 'Quota exceeded' })
      await expect(deepl.translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'quota' })
      answer(403, { message: 'Forbidden' })
      await expect(deepl.translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'auth' })
      answer(429, { message: 'Too many requests' }, { 'retry-after': '7' })
      await expect(deepl.translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000 })
      answer(529, 'Too many requests')
      await expect(deepl.translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'server' })
      answer(200, { translations: [] })
      await expect(deepl.translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'bad_response' })
    })
  })

  describe('Google Cloud Translation v2', () => {
    const google = googleProvider({ apiKey: 'g-key', url: 'https://translation.googleapis.com/language/translate/v2' }, now)

    it('POSTs q[] with target and format "text", the key in the query, reading data.translations[].translatedText', async () => {
      answer(200, { data: { translations: [{ translatedText: '차고', detectedSourceLanguage: 'en' }] } })
      expect(await google.translate(['Garage'], 'ko')).toEqual(['차고'])
      expect(sent).toEqual([
        {
          url: 'https://translation.googleapis.com/language/translate/v2?key=g-key',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: { q: ['Garage'], target: 'ko', format: 'text' },
        },
      ])
    })

    it('sends a post\'s HTML with format "html"', async () => {
      answer(200, { data: { translations: [{ translatedText: '<p>차고</p>' }] } })
      expect(await google.translate(['<p>Garage</p>'], 'ko', 'en', 'html')).toEqual(['<p>차고</p>'])
      expect(sent[0]?.body).toEqual({ q: ['<p>Garage</p>'], target: 'ko', format: 'html', source: 'en' })
    })

    it("reads the error's reason: a daily limit is the quota, a rate limit waits, a bad key is auth", async () => {
      const error = (code: number, reason: string) => ({ error: { code, message: reason, errors: [{ reason, domain: 'usageLimits' }] } })
      answer(403, error(403, 'dailyLimitExceeded'))
      await expect(google.translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'quota' })
      answer(403, error(403, 'userRateLimitExceeded'))
      await expect(google.translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'rate_limited' })
      answer(400, error(400, 'keyInvalid'))
      await expect(google.translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'auth' })
      answer(400, error(400, 'invalid'))
      await expect(google.translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'rejected' })
      answer(200, 'not json')
      await expect(google.translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'bad_response' })
    })
  })

  describe('Papago', () => {
    const papago = papagoProvider({ clientId: 'id', clientSecret: 'secret', url: 'https://papago.apigw.ntruss.com/nmt/v1/translation' }, now)

    it('POSTs one text per request with the gateway key pair, source auto when unknown, reading message.result.translatedText', async () => {
      answer(200, { message: { result: { srcLangType: 'en', tarLangType: 'ko', translatedText: '번역' } } })
      expect(await papago.translate(['One', 'Two'], 'ko')).toEqual(['번역', '번역'])
      expect(sent).toHaveLength(2)
      expect(sent[0]).toEqual({
        url: 'https://papago.apigw.ntruss.com/nmt/v1/translation',
        method: 'POST',
        headers: { 'x-ncp-apigw-api-key-id': 'id', 'x-ncp-apigw-api-key': 'secret', 'content-type': 'application/json' },
        body: { source: 'auto', target: 'ko', text: 'One' },
      })
      expect(sent[1]?.body).toEqual({ source: 'auto', target: 'ko', text: 'Two' })
    })

    it("reads the gateway's error code: 400 the quota, 420 a rate, 200 the key", async () => {
      answer(429, { error: { errorCode: '400', message: 'Quota Exceeded' } })
      await expect(papago.translate(['a'], 'ko', 'en')).rejects.toMatchObject({ kind: 'quota' })
      answer(429, { error: { errorCode: '420', message: 'Rate Limited' } }, { 'retry-after': '1' })
      await expect(papago.translate(['a'], 'ko', 'en')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 1000 })
      answer(401, { error: { errorCode: '200', message: 'Authentication Failed' } })
      await expect(papago.translate(['a'], 'ko', 'en')).rejects.toMatchObject({ kind: 'auth' })
    })
  })

  it('sorts no answer at all as network', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    )
    await expect(deeplProvider({ apiKey: 'k', url: 'https://api.deepl.com' }, now).translate(['a'], 'ko')).rejects.toMatchObject({ kind: 'network' })
  })
})
