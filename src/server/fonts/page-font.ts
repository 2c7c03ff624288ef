import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import zlib from 'node:zlib'
import { compressedCopies, pickEncoding } from '~/server/web/compress'
import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import type { Database } from '~/server/db/schema'
import { getServices } from '~/server/process-services'
import { withAdvanceVariations } from './advance-variations'
import { distinctCharacters, isHangul, visibleText } from './page-text'
import { componentLogger } from '~/server/logging/logger'

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
 * the page is rendered, in memory and in the database (`page_font`), and the font is made
 * from it on the first request (harfbuzz's subsetter in WebAssembly, ~20–40 ms), one at a
 * time, and kept compressed. So any process, after a restart or on another machine, can make
 * the font a page names (issue 12); only a hash no page ever named answers 404, and the
 * stylesheet's font stack then falls back to the unicode-range subsets.
 */

export const PAGE_FONT_FAMILY = 'Pretendard Page'
/** The same font without Hangul, for phones (see `pageFontHead`). */
export const PAGE_FONT_FAMILY_WITHOUT_HANGUL = 'Pretendard Page Latin'
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
 * Always in the font, whatever the page shows: printable ASCII, the symbols of Latin-1 and
 * common punctuation. Text that changes after the page has loaded (a form's error, a filtered
 * list) mostly stays in these, and pages whose Hangul is the same share one font. Latin-1's
 * accented letters are in only when the page shows them: all 64 of them cost ~7 KB (brotli) on
 * every page, 14 % of a Korean homepage's font and a quarter of an English one's, on the slow
 * first connection where the hero photo is fetched (issue 12's LCP); a letter that appears
 * later is drawn from Pretendard's unicode-range subsets.
 */
const ALWAYS = (() => {
  const codePoints: Array<number> = []
  const add = (from: number, to: number) => {
    for (let codePoint = from; codePoint <= to; codePoint++) codePoints.push(codePoint)
  }
  // Spaces too: a space missing from the font is drawn from the next font in the stack,
  // which would load a subset and set words apart differently once it arrives.
  add(0x20, 0x7e)
  add(0xa0, 0xbf) // no-break space, currency, ©, ®, °, ±, ², ³, ·, ½, « », ¿
  add(0xd7, 0xd7) // ×
  add(0xf7, 0xf7) // ÷
  add(0x2010, 0x2027) // dashes, quotes, bullet, ellipsis
  add(0x2039, 0x203a)
  add(0x20a9, 0x20a9) // won sign
  add(0x20ac, 0x20ac)
  add(0x2122, 0x2122)
  add(0x2190, 0x2193) // arrows
  return codePoints
})()

type EncodedFont = { brotli: Buffer; gzip: Buffer }

/** Where the characters behind a font's key are kept for other processes. */
export type FontRecipes = {
  /** Keeps the recipe (or, kept already, marks it used now). */
  save: (key: string, characters: string) => Promise<void>
  load: (key: string) => Promise<string | undefined>
  /** Marks the recipe used now: a page named it, or a browser asked for its font. */
  used: (key: string) => Promise<void>
}

/**
 * How often a process marks a recipe used: often enough that one named or fetched every day is
 * never taken for unused (`prunePageFonts` waits months), rarely enough that a busy page costs
 * the database one write a day.
 */
const MARK_USED_EVERY_MS = 24 * 60 * 60_000

/** The installed Pretendard's version: a new version gives every page font a new URL. */
function pretendardVersion(): string {
  try {
    const packageJson: unknown = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('pretendard/package.json'), 'utf8'))
    return typeof packageJson === 'object' && packageJson !== null && 'version' in packageJson ? String(packageJson.version) : 'unknown'
  } catch {
    return 'unknown'
  }
}

/*
 * harfbuzz's subsetter grows its WebAssembly memory to ~100 MB on Pretendard's variable font
 * and never gives it back; in the server's own process that was half of each worker's memory
 * (issue 12), and a worker thread returned only part of it when it ended. So fonts are made in
 * a child process that exits when no font is waiting, and gives all of it back. Fonts are made
 * rarely (once per distinct text), so a process start per batch (~0.2 s, off the event loop)
 * costs nothing a visitor waits for.
 */
const SUBSET_PROCESS = `
const subsetFont = require('node:module').createRequire(process.argv[1])('subset-font')
let source
// The server may be gone by the time a font is made (it stopped, or a test ended): then there is no one to answer.
const answer = (message) => process.connected && process.send(message, (error) => error && process.exit(0))
process.on('disconnect', () => process.exit(0))
process.on('message', async ({ id, file, text, options }) => {
  try {
    source ??= require('node:fs').readFileSync(file)
    answer({ id, font: new Uint8Array(await subsetFont(source, text, options)) })
  } catch (error) {
    answer({ id, error: String((error && error.stack) || error) })
  }
})
`

const subsetAnswerSchema = z.union([z.object({ id: z.number(), font: z.instanceof(Uint8Array) }), z.object({ id: z.number(), error: z.string() })])

type Waiter = { child: ChildProcess; resolve: (font: Buffer) => void; reject: (error: Error) => void }

class FontMaker {
  private child: ChildProcess | undefined
  private nextId = 0
  private readonly waiting = new Map<number, Waiter>()

  subset(file: string, text: string): Promise<Buffer> {
    const child = this.start()
    const id = this.nextId++
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.set(id, { child, resolve, reject })
      child.send({ id, file, text, options: { targetFormat: 'sfnt', variationAxes: { wght: WEIGHTS }, keepFeatures: FEATURES } })
    })
  }

  private start(): ChildProcess {
    if (this.child) return this.child
    const child = spawn(process.execPath, ['-e', SUBSET_PROCESS, import.meta.url], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    })
    child.on('message', (message: unknown) => {
      const answer = subsetAnswerSchema.parse(message)
      const waiter = this.waiting.get(answer.id)
      this.waiting.delete(answer.id)
      if ('font' in answer) waiter?.resolve(Buffer.from(answer.font))
      else waiter?.reject(new Error(answer.error))
      if (![...this.waiting.values()].some((other) => other.child === child)) this.stop(child)
    })
    child.on('error', (error) => this.fail(child, error))
    child.on('exit', (code) => this.fail(child, new Error(`the font maker exited (${code})`)))
    this.child = child
    return child
  }

  /** Disconnecting ends the child: nothing else keeps its event loop alive. */
  private stop(child: ChildProcess): void {
    if (this.child === child) this.child = undefined
    if (child.connected) child.disconnect()
  }

  private fail(child: ChildProcess, error: Error): void {
    if (this.child === child) this.child = undefined
    for (const [id, waiter] of this.waiting) {
      if (waiter.child !== child) continue
      this.waiting.delete(id)
      waiter.reject(error)
    }
  }
}

const fontMaker = new FontMaker()

/** Pretendard's variable TrueType font, from the installed package; read by the font maker. */
function pretendardFile(): string {
  return createRequire(import.meta.url).resolve(FONT_FILE)
}

/**
 * When a page's font is made: `at once` while the page is on its way (a realtor's homepage, one
 * text per realtor, whose first visitor should not wait for it), or `when asked` by the first
 * browser that wants it (the other public pages: a listing, a filtered search, the directory,
 * many texts each, whose every render by a crawler, which never asks for fonts, would otherwise
 * make one).
 */
export type FontMaking = 'at once' | 'when asked'

export type PageFontsOptions = {
  /** Where the full font is; the installed Pretendard by default. */
  fontFile?: () => string
  sourceVersion?: string
  /** Pages whose text is remembered (a hash and ~1 KB of characters each). */
  maxTexts?: number
  /** Fonts kept, compressed (~50 KB brotli + ~60 KB gzip each). */
  maxFonts?: number
  onError?: (error: unknown) => void
  /** Shared with other processes; without it, only this process can answer its fonts. */
  recipes?: FontRecipes
}

export class PageFonts {
  private readonly texts: LRUCache<string, string>
  private readonly fonts: LRUCache<string, Promise<EncodedFont | undefined>>
  private readonly fontFile: () => string
  private readonly recipe: string
  private readonly onError: (error: unknown) => void
  private readonly recipes: FontRecipes | undefined
  /** When this process last marked each recipe used (`markUsed`). */
  private readonly markedUsed: LRUCache<string, number>
  // Fonts are made one after another: each takes the WebAssembly heap for a moment.
  private queue: Promise<unknown> = Promise.resolve()
  private failed = false

  constructor(options: PageFontsOptions = {}) {
    this.texts = new LRUCache({ max: options.maxTexts ?? 2000 })
    this.fonts = new LRUCache({ max: options.maxFonts ?? 64 })
    this.markedUsed = new LRUCache({ max: options.maxTexts ?? 2000 })
    this.fontFile = options.fontFile ?? pretendardFile
    // What goes into a font besides its characters: the same recipe and text, the same file.
    this.recipe = `pretendard ${options.sourceVersion ?? pretendardVersion()}; wght ${WEIGHTS.min}-${WEIGHTS.max}; ${FEATURES.join(',')}; HVAR`
    this.recipes = options.recipes
    this.onError =
      options.onError ?? ((error) => componentLogger('page-font').error({ err: error }, 'Pretendard could not be subset; pages use its unicode-range subsets'))
  }

  /**
   * The URLs of the fonts for a page's HTML, remembering their characters so those URLs can
   * be answered: the page's own font, and when the page shows Hangul, the same font without
   * it for phones. Undefined once making fonts has failed (the font file is missing, say):
   * the page then uses the unicode-range subsets.
   */
  async fontsFor(html: string, making: FontMaking = 'at once'): Promise<PageFontUrls | undefined> {
    if (this.failed) return undefined
    const characters = [...new Set([...ALWAYS, ...distinctCharacters(visibleText(html))])]
    const withoutHangul = characters.filter((codePoint) => !isHangul(codePoint))
    const full = await this.name(String.fromCodePoint(...characters), making)
    return withoutHangul.length === characters.length ? { full } : { full, withoutHangul: await this.name(String.fromCodePoint(...withoutHangul), making) }
  }

  private async name(characters: string, making: FontMaking): Promise<string> {
    const key = createHash('sha256').update(this.recipe).update('\n').update(characters).digest('base64url').slice(0, 22)
    if (this.texts.get(key) === undefined) {
      // Kept before the page names it, so no process can be asked for a font it cannot make.
      if (this.recipes) await this.recipes.save(key, characters)
      this.texts.set(key, characters)
      this.markedUsed.set(key, Date.now())
    } else {
      this.markUsed(key)
    }
    // Made while the page is on its way: the browser asks for it as soon as it reads the head.
    if (making === 'at once') void this.fontFor(key)
    return `${PAGE_FONT_PATH}${key}.ttf`
  }

  /** Answers `GET /fonts/page/{key}.ttf`. */
  async respond(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url)
    const key = /^\/fonts\/page\/([\w-]{22})\.ttf$/.exec(pathname)?.[1]
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method Not Allowed', { allow: 'GET, HEAD' })
    const font = key ? await this.fontFor(key) : undefined
    if (!key || !font) return plain(404, 'Not Found')
    this.markUsed(key)
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

  /**
   * Marks a recipe used, at most daily per process, without waiting: a page's font that is
   * still named or fetched keeps its recipe, whichever process serves it from memory.
   */
  private markUsed(key: string): void {
    const last = this.markedUsed.get(key)
    if (!this.recipes || (last !== undefined && Date.now() - last < MARK_USED_EVERY_MS)) return
    this.markedUsed.set(key, Date.now())
    this.recipes.used(key).catch((error: unknown) => componentLogger('page-font').warn({ err: error }, 'could not mark a page font used'))
  }

  private async fontFor(key: string): Promise<EncodedFont | undefined> {
    const made = this.fonts.get(key)
    if (made) return made
    const characters = this.texts.get(key) ?? (await this.recipes?.load(key))
    if (characters === undefined || this.failed) return undefined
    // Another request may have started it while the recipe was read.
    const started = this.fonts.get(key)
    if (started) return started
    this.texts.set(key, characters)
    const making = this.queue
      .then(() => this.make(characters))
      .catch((error: unknown) => {
        // Deterministic failures (no font file, no subsetter): stop trying, pages fall back.
        this.fonts.delete(key)
        // Said once: the fonts queued behind it fail the same way.
        if (!this.failed) this.onError(error)
        this.failed = true
        return undefined
      })
    this.queue = making
    this.fonts.set(key, making)
    return making
  }

  private async make(characters: string): Promise<EncodedFont> {
    // With an HVAR, the browser lays the text out from a table instead of from the outlines.
    const ttf = withAdvanceVariations(await fontMaker.subset(this.fontFile(), characters))
    const { br, gzip } = await compressedCopies(ttf, { quality: 11, mode: 'font' })
    return { brotli: br, gzip }
  }
}

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra } })
}

/** A page's own font, and for a page that shows Hangul, the same font without it. */
export type PageFontUrls = { full: string; withoutHangul?: string }

/** Where a phone's layout begins: Tailwind's `md` breakpoint (48rem) is where the tablet's starts. */
const PHONE = '(max-width: 767.98px)'
const NOT_PHONE = '(min-width: 768px)'

/**
 * A phone's font stack on a page that shows Hangul: the page's font without Hangul first (for
 * Latin, digits and punctuation), then the device's own Korean font. Pretendard's Hangul is
 * drawn from Source Han Sans, which Android ships as Noto Sans CJK KR, in the manner of Apple
 * SD Gothic Neo, which iOS ships: a phone already holds a Korean font of the same family. The
 * unicode-range subsets are left out on purpose: named after a generic family, they would
 * still be downloaded for any Hangul a listed font lacks.
 */
const PHONE_FONT_STACK = `'${PAGE_FONT_FAMILY_WITHOUT_HANGUL}',-apple-system,BlinkMacSystemFont,'Apple SD Gothic Neo','Noto Sans KR','Noto Sans CJK KR','Malgun Gothic',sans-serif`

function fontFace(family: string, url: string): string {
  return `@font-face{font-family:'${family}';src:url(${url}) format('truetype');font-weight:${WEIGHTS.min} ${WEIGHTS.max};font-style:normal;font-display:swap}`
}

function fontPreload(url: string, media?: string): string {
  return `<link rel="preload" href="${url}" as="font" type="font/ttf" crossorigin fetchpriority="low"${media ? ` media="${media}"` : ''}>`
}

/**
 * The `@font-face`s and preloads a page needs for its own font, placed in its head. The
 * preload is low priority: on a slow phone network the font otherwise shared the first round
 * trips with the hero photo, the page's largest paint; text shows in the fallback stack for
 * that moment (font-display: swap, no layout shift measured).
 *
 * A page that shows Hangul has two: its full font (~54 KB brotli on the Korean demo
 * homepage, Hangul being nearly all of it) from a tablet's width up, and on a phone the same
 * font without Hangul (~25 KB) with the phone's own Korean font after it. A browser downloads
 * only the face its font stack uses, and a preload only where its media matches. Lighthouse
 * mobile, Korean homepage: LCP ~1.75 → ~1.45 s, the English page's figure (decision 013).
 */
export function pageFontHead(urls: PageFontUrls): string {
  if (!urls.withoutHangul) return `${fontPreload(urls.full)}<style>${fontFace(PAGE_FONT_FAMILY, urls.full)}</style>`
  return (
    fontPreload(urls.full, NOT_PHONE) +
    fontPreload(urls.withoutHangul, PHONE) +
    `<style>${fontFace(PAGE_FONT_FAMILY, urls.full)}${fontFace(PAGE_FONT_FAMILY_WITHOUT_HANGUL, urls.withoutHangul)}` +
    `@media ${PHONE}{:root{--font-sans:${PHONE_FONT_STACK}}}</style>`
  )
}

/** Recipes in the app's database, shared by every process that uses it (issue 12). */
export function databaseFontRecipes(database: () => Promise<{ db: Kysely<Database>; now: () => Date }>): FontRecipes {
  return {
    save: async (key, characters) => {
      const { db, now } = await database()
      const at = now().toISOString()
      await db
        .insertInto('pageFont')
        .values({ key, characters, createdAt: at, usedAt: at })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ usedAt: at }))
        .execute()
    },
    used: async (key) => {
      const { db, now } = await database()
      await db.updateTable('pageFont').set({ usedAt: now().toISOString() }).where('key', '=', key).execute()
    },
    load: async (key) => {
      const { db } = await database()
      const row = await db.selectFrom('pageFont').select('characters').where('key', '=', key).executeTakeFirst()
      return row?.characters
    },
  }
}

export const pageFonts = new PageFonts({ recipes: databaseFontRecipes(getServices) })
