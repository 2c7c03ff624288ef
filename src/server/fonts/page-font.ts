import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { pickEncoding } from '~/server/http/compress'
import { distinctCharacters, visibleText } from './page-text'

/**
 * One font per page: Pretendard cut down to the characters a realtor's homepage shows.
 *
 * A Korean homepage shows ~200 distinct Hangul syllables, which Pretendard's unicode-range
 * subsets spread over ~11 files (~280 KB). Cut to exactly those characters, weights 400–700
 * and the OpenType features a browser applies by itself, the same text needs one file of
 * ~50 KB (brotli); an English homepage ~25 KB. This is what Google Fonts' `text=` does, made
 * by the app itself from the font in its dependencies (issue 4: no third-party host).
 *
 * The page names its font by a hash of its characters. The text behind a hash is kept when
 * the page is rendered, and the font is made from it on the first request (harfbuzz's
 * subsetter in WebAssembly, ~20–40 ms), one at a time, and kept compressed. A hash this
 * process has not seen (after a restart, on another instance) answers 404: the stylesheet's
 * font stack then falls back to the unicode-range subsets, so nothing breaks, it is only
 * slower once.
 */

export const PAGE_FONT_FAMILY = 'Pretendard Page'
export const PAGE_FONT_PATH = '/fonts/page/'
const FONT_FILE = 'pretendard/dist/public/variable/PretendardVariable.ttf'

/** Weights the pages use: Tailwind's font-normal to font-bold. */
const WEIGHTS = { min: 400, max: 700 }

/**
 * The features browsers turn on by themselves (and Hangul's jamo features), plus tabular
 * figures. Pretendard's stylistic sets and alternates would triple the file for nothing.
 */
const FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'clig', 'calt', 'rlig', 'rclt', 'ljmo', 'vjmo', 'tjmo', 'tnum']

/**
 * Always in the font, whatever the page shows: printable ASCII, Latin-1 and common
 * punctuation. Text that changes after the page has loaded (a form's error, a filtered list)
 * mostly stays in these, and pages whose Hangul is the same share one font.
 */
const ALWAYS = (() => {
  const codePoints: Array<number> = []
  const add = (from: number, to: number) => {
    for (let codePoint = from; codePoint <= to; codePoint++) codePoints.push(codePoint)
  }
  // Spaces too: a space missing from the font is drawn from the next font in the stack,
  // which would load a subset and set words apart differently once it arrives.
  add(0x20, 0x7e)
  add(0xa0, 0xff)
  add(0x2010, 0x2027) // dashes, quotes, bullet, ellipsis
  add(0x2039, 0x203a)
  add(0x20a9, 0x20a9) // won sign
  add(0x20ac, 0x20ac)
  add(0x2122, 0x2122)
  add(0x2190, 0x2193) // arrows
  return codePoints
})()

type EncodedFont = { brotli: Buffer; gzip: Buffer }

/** A Map that forgets its least recently used entry beyond a size. */
class RecentMap<V> {
  private readonly entries = new Map<string, V>()
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }
  set(key: string, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
  }
  delete(key: string): void {
    this.entries.delete(key)
  }
}

/** Pretendard's variable TrueType font, from the installed package. */
async function loadPretendard(): Promise<Uint8Array> {
  return readFile(createRequire(import.meta.url).resolve(FONT_FILE))
}

/** The installed Pretendard's version: a new version gives every page font a new URL. */
function pretendardVersion(): string {
  try {
    const packageJson: unknown = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('pretendard/package.json'), 'utf8'))
    return typeof packageJson === 'object' && packageJson !== null && 'version' in packageJson ? String(packageJson.version) : 'unknown'
  } catch {
    return 'unknown'
  }
}

async function subsetPretendard(source: Uint8Array, text: string): Promise<Buffer> {
  const { default: subsetFont } = await import('subset-font')
  return subsetFont(source, text, { targetFormat: 'sfnt', variationAxes: { wght: WEIGHTS }, keepFeatures: FEATURES })
}

const brotliCompress = promisify(zlib.brotliCompress)
const gzipCompress = promisify(zlib.gzip)

export type PageFontsOptions = {
  loadSource?: () => Promise<Uint8Array>
  sourceVersion?: string
  /** Pages whose text is remembered (a hash and ~1 KB of characters each). */
  maxTexts?: number
  /** Fonts kept, compressed (~50 KB brotli + ~60 KB gzip each). */
  maxFonts?: number
  onError?: (error: unknown) => void
}

export class PageFonts {
  private readonly texts: RecentMap<string>
  private readonly fonts: RecentMap<Promise<EncodedFont | undefined>>
  private readonly loadSource: () => Promise<Uint8Array>
  private readonly recipe: string
  private readonly onError: (error: unknown) => void
  private source: Promise<Uint8Array> | undefined
  // Fonts are made one after another: each takes the WebAssembly heap for a moment.
  private queue: Promise<unknown> = Promise.resolve()
  private failed = false

  constructor(options: PageFontsOptions = {}) {
    this.texts = new RecentMap(options.maxTexts ?? 2000)
    this.fonts = new RecentMap(options.maxFonts ?? 64)
    this.loadSource = options.loadSource ?? loadPretendard
    // What goes into a font besides its characters: the same recipe and text, the same file.
    this.recipe = `pretendard ${options.sourceVersion ?? pretendardVersion()}; wght ${WEIGHTS.min}-${WEIGHTS.max}; ${FEATURES.join(',')}`
    this.onError = options.onError ?? ((error) => console.error('[page-font] Pretendard could not be subset; pages use its unicode-range subsets', error))
  }

  /**
   * The URL of the font for a page's HTML, remembering its characters so that URL can be
   * answered. Undefined once making fonts has failed (the font file is missing, say): the
   * page then uses the unicode-range subsets.
   */
  urlFor(html: string): string | undefined {
    if (this.failed) return undefined
    const characters = String.fromCodePoint(...new Set([...ALWAYS, ...distinctCharacters(visibleText(html))]))
    const key = createHash('sha256').update(this.recipe).update('\n').update(characters).digest('base64url').slice(0, 22)
    this.texts.set(key, characters)
    // Made while the page is on its way: the browser asks for it as soon as it reads the head.
    void this.fontFor(key)
    return `${PAGE_FONT_PATH}${key}.ttf`
  }

  /** Answers `GET /fonts/page/{key}.ttf`. */
  async respond(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url)
    const key = /^\/fonts\/page\/([\w-]{22})\.ttf$/.exec(pathname)?.[1]
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method Not Allowed', { allow: 'GET, HEAD' })
    const font = key ? await this.fontFor(key) : undefined
    if (!key || !font) return plain(404, 'Not Found')
    const headers = new Headers({
      'content-type': 'font/ttf',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${key}"`,
      vary: 'Accept-Encoding',
    })
    if (request.headers.get('if-none-match') === `"${key}"`) return new Response(null, { status: 304, headers })
    const encoding = pickEncoding(request.headers.get('accept-encoding'))
    const body = encoding === 'br' ? font.brotli : encoding === 'gzip' ? font.gzip : zlib.gunzipSync(font.gzip)
    if (encoding) headers.set('content-encoding', encoding)
    headers.set('content-length', String(body.byteLength))
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers })
  }

  private fontFor(key: string): Promise<EncodedFont | undefined> {
    const made = this.fonts.get(key)
    if (made) return made
    const characters = this.texts.get(key)
    if (characters === undefined || this.failed) return Promise.resolve(undefined)
    const making = this.queue
      .then(() => this.make(characters))
      .catch((error: unknown) => {
        // Deterministic failures (no font file, no subsetter): stop trying, pages fall back.
        this.fonts.delete(key)
        this.failed = true
        this.onError(error)
        return undefined
      })
    this.queue = making
    this.fonts.set(key, making)
    return making
  }

  private async make(characters: string): Promise<EncodedFont> {
    this.source ??= this.loadSource()
    const ttf = await subsetPretendard(await this.source, characters)
    const [brotli, gzip] = await Promise.all([
      brotliCompress(ttf, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_FONT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: ttf.byteLength,
        },
      }),
      gzipCompress(ttf, { level: 9 }),
    ])
    return { brotli, gzip }
  }
}

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra } })
}

/** The `@font-face` and preload a page needs for its own font, placed in its head. */
export function pageFontHead(url: string): string {
  return (
    `<link rel="preload" href="${url}" as="font" type="font/ttf" crossorigin>` +
    `<style>@font-face{font-family:'${PAGE_FONT_FAMILY}';src:url(${url}) format('truetype');` +
    `font-weight:${WEIGHTS.min} ${WEIGHTS.max};font-style:normal;font-display:swap}</style>`
  )
}

export const pageFonts = new PageFonts()
