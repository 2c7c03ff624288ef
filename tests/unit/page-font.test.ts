import { gunzipSync } from 'node:zlib'
import { Blob as FontBlob, Face } from 'harfbuzzjs'
import { describe, expect, it } from 'vitest'
import { PAGE_FONT_FAMILY, PAGE_FONT_FAMILY_WITHOUT_HANGUL, pageFontHead, PageFonts, type PageFontUrls } from '~/server/fonts/page-font'
import { distinctCharacters, visibleText } from '~/server/fonts/page-text'
import { finishPage } from '~/server/http/finish-page'
import { islandsPage, noPageScripts } from '~/lib/page-scripts'

// The real Pretendard file and the real subsetter: the fonts these tests read are the fonts
// a visitor's browser gets.

function page(body: string): string {
  return `<!DOCTYPE html><html lang="ko"><head><meta charSet="utf-8"/><title>박소라 | 부동산</title><link rel="stylesheet" href="/assets/styles.css"/></head><body>${body}<script>var hidden = "숨김"</script></body></html>`
}

async function fontUrls(fonts: PageFonts, html: string): Promise<PageFontUrls> {
  const urls = await fonts.fontsFor(html)
  if (!urls) throw new Error('no page font')
  return urls
}

async function fontUrl(fonts: PageFonts, html: string): Promise<string> {
  return (await fontUrls(fonts, html)).full
}

async function fetchFont(fonts: PageFonts, url: string, acceptEncoding = 'gzip, deflate, br'): Promise<Response> {
  return fonts.respond(new Request(`http://localhost${url}`, { headers: { 'accept-encoding': acceptEncoding } }))
}

async function decoded(response: Response): Promise<Uint8Array> {
  const body = new Uint8Array(await response.arrayBuffer())
  return response.headers.get('content-encoding') === 'gzip' ? new Uint8Array(gunzipSync(body)) : body
}

function unicodesOf(font: Uint8Array): Set<number> {
  return new Set(new Face(new FontBlob(font)).collectUnicodes())
}

describe('the text a page shows', () => {
  it('is the body text and placeholders, without tags, scripts or the head', () => {
    const text = visibleText(page('<h1 class="x">안녕</h1><input placeholder="이메일"/><template><p>틀</p></template>'))
    expect(text).toContain('안녕')
    expect(text).toContain('이메일')
    expect(text).not.toContain('class')
    expect(text).not.toContain('숨김')
    expect(text).not.toContain('박소라')
    expect(text).not.toContain('틀')
  })
  it('is reduced to distinct printable characters in code point order', () => {
    expect(distinctCharacters('나 가\n가\u00a0a')).toEqual([0x61, 0xac00, 0xb098])
  })
})

// Subsetting a real variable font takes 1–4 s per test on an idle core; a machine busy with
// other work can take several times that, so these tests wait far past vitest's default 5 s.
const SUBSETTING_TIMEOUT_MS = 60_000

describe("a homepage's own font", { timeout: SUBSETTING_TIMEOUT_MS }, () => {
  const fonts = new PageFonts()

  it('holds exactly the Hangul the page shows, every weight from 400 to 700, and always Latin', async () => {
    const url = await fontUrl(fonts, page('<h1>부동산 전문가</h1><p>어바인에서 집을 찾으세요.</p>'))
    expect(url).toMatch(/^\/fonts\/page\/[\w-]{22}\.ttf$/)
    const response = await fetchFont(fonts, url, 'gzip')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('font/ttf')
    expect(response.headers.get('cache-control')).toContain('immutable')
    const font = await decoded(response)
    const unicodes = unicodesOf(font)
    for (const character of '부동산전문가어바인에서집을찾으세요.AZaz09 ') expect(unicodes.has(character.codePointAt(0) ?? 0), character).toBe(true)
    for (const character of '숨김박소라틀한') expect(unicodes.has(character.codePointAt(0) ?? 0), character).toBe(false)
    const weight = new Face(new FontBlob(font)).getAxisInfos()['wght']
    expect(weight?.min).toBe(400)
    expect(weight?.max).toBe(700)
    // A fraction of the unicode-range subsets this text would otherwise load (~25 KB each).
    expect(Number(response.headers.get('content-length'))).toBeLessThan(40_000)
  })

  it("holds Latin-1's symbols always and its accented letters only when the page shows them", async () => {
    const plain = unicodesOf(await decoded(await fetchFont(fonts, await fontUrl(fonts, page('<p>집 2 ㎡</p>')), 'gzip')))
    for (const character of '\u00a0©°·×½') expect(plain.has(character.codePointAt(0) ?? 0), character).toBe(true)
    for (const character of 'éñü') expect(plain.has(character.codePointAt(0) ?? 0), character).toBe(false)
    const accented = unicodesOf(await decoded(await fetchFont(fonts, await fontUrl(fonts, page('<p>José Muñoz</p>')), 'gzip')))
    for (const character of 'éñ') expect(accented.has(character.codePointAt(0) ?? 0), character).toBe(true)
  })

  it('has one URL per set of characters', async () => {
    const first = await fontUrl(fonts, page('<p>부동산</p><p>1</p>'))
    expect(await fontUrl(fonts, page('<div>산동부 2</div>'))).toBe(first)
    expect(await fontUrl(fonts, page('<p>부동산 집</p>'))).not.toBe(first)
  })

  it('is sent brotli, gzip or plain, the same bytes each way, and revalidates', async () => {
    const url = await fontUrl(fonts, page('<p>공인중개사</p>'))
    const brotli = await fetchFont(fonts, url, 'br')
    expect(brotli.headers.get('content-encoding')).toBe('br')
    const gzip = await fetchFont(fonts, url, 'gzip')
    const plain = await fetchFont(fonts, url, 'identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const plainBytes = new Uint8Array(await plain.arrayBuffer())
    expect(await decoded(gzip)).toEqual(plainBytes)
    expect(Number(brotli.headers.get('content-length'))).toBeLessThan(plainBytes.byteLength / 1.5)
    const etag = brotli.headers.get('etag') ?? ''
    const revalidated = await fonts.respond(new Request(`http://localhost${url}`, { headers: { 'if-none-match': etag } }))
    expect(revalidated.status).toBe(304)
    const head = await fonts.respond(new Request(`http://localhost${url}`, { method: 'HEAD' }))
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('makes a font named to be made when asked on the first request for it', async () => {
    const lazy = new PageFonts()
    const urls = await lazy.fontsFor(page('<p>나중에 만들어요</p>'), 'when asked')
    const response = await fetchFont(lazy, urls?.full ?? '', 'gzip')
    expect(response.status).toBe(200)
    const unicodes = unicodesOf(await decoded(response))
    for (const character of '나중에만들어요') expect(unicodes.has(character.codePointAt(0) ?? 0), character).toBe(true)
  })

  it('answers 404 for a font no page of this process named, and 405 to other methods', async () => {
    expect((await fetchFont(fonts, '/fonts/page/AAAAAAAAAAAAAAAAAAAAAA.ttf')).status).toBe(404)
    expect((await fetchFont(fonts, '/fonts/page/../../etc/passwd')).status).toBe(404)
    const url = await fontUrl(fonts, page('<p>매물</p>'))
    expect((await fonts.respond(new Request(`http://localhost${url}`, { method: 'POST' }))).status).toBe(405)
  })

  it('forgets the least recently used pages beyond its limit', async () => {
    // Two each: a Korean page names two fonts, its own and the phones' copy without Hangul.
    const forgotten = new PageFonts({ maxTexts: 2, maxFonts: 2 })
    const a = await fontUrl(forgotten, page('<p>가</p>'))
    const b = await fontUrl(forgotten, page('<p>나</p>'))
    expect((await fetchFont(forgotten, b)).status).toBe(200)
    expect((await fetchFont(forgotten, a)).status).toBe(404)
  })

  it('stops naming fonts when it cannot make one, and the page keeps its subset preloads', async () => {
    const errors: Array<unknown> = []
    const broken = new PageFonts({ fontFile: () => '/nonexistent/PretendardVariable.ttf', onError: (error) => errors.push(error) })
    const url = await fontUrl(broken, page('<p>가</p>'))
    expect((await fetchFont(broken, url)).status).toBe(404)
    expect(errors).toHaveLength(1)
    expect(await broken.fontsFor(page('<p>가</p>'))).toBeUndefined()
  })

  it('is declared in the head after the stylesheet, preloaded, swapped in, 400 to 700', () => {
    const head = pageFontHead({ full: '/fonts/page/abc.ttf' })
    expect(head).toContain('<link rel="preload" href="/fonts/page/abc.ttf" as="font" type="font/ttf" crossorigin fetchpriority="low">')
    expect(head).toContain(`font-family:'${PAGE_FONT_FAMILY}'`)
    expect(head).toContain('font-display:swap')
    expect(head).toContain('font-weight:400 700')
    expect(head).not.toContain('@media')
  })

  it('has a copy without Hangul when the page shows Hangul, and none when it does not', async () => {
    const korean = await fontUrls(fonts, page('<h1>부동산 전문가</h1><p>Irvine 92618</p>'))
    if (!korean.withoutHangul) throw new Error('no font without Hangul')
    const unicodes = unicodesOf(await decoded(await fetchFont(fonts, korean.withoutHangul, 'gzip')))
    for (const character of 'Irvine92618 .') expect(unicodes.has(character.codePointAt(0) ?? 0), character).toBe(true)
    expect([...unicodes].filter((codePoint) => codePoint >= 0xac00 && codePoint <= 0xd7a3)).toEqual([])
    expect((await fontUrls(fonts, page('<p>Irvine homes</p>'))).withoutHangul).toBeUndefined()
  })

  it("gives phones the copy without Hangul and the device's Korean font, never the unicode-range subsets", () => {
    const head = pageFontHead({ full: '/fonts/page/full.ttf', withoutHangul: '/fonts/page/latin.ttf' })
    expect(head).toContain(
      '<link rel="preload" href="/fonts/page/full.ttf" as="font" type="font/ttf" crossorigin fetchpriority="low" media="(min-width: 768px)">',
    )
    expect(head).toContain(
      '<link rel="preload" href="/fonts/page/latin.ttf" as="font" type="font/ttf" crossorigin fetchpriority="low" media="(max-width: 767.98px)">',
    )
    expect(head).toContain(`font-family:'${PAGE_FONT_FAMILY_WITHOUT_HANGUL}';src:url(/fonts/page/latin.ttf)`)
    const phoneStack = /@media \(max-width: 767\.98px\)\{:root\{--font-sans:([^}]*)\}\}/.exec(head)?.[1] ?? ''
    expect(phoneStack.startsWith(`'${PAGE_FONT_FAMILY_WITHOUT_HANGUL}'`)).toBe(true)
    expect(phoneStack).toContain("'Apple SD Gothic Neo'")
    expect(phoneStack).not.toMatch(/Pretendard Variable|'Pretendard'|'Pretendard Page'/)
  })
})

describe('finishing a page', { timeout: SUBSETTING_TIMEOUT_MS }, () => {
  const visitorMeta = '<meta name="i18n-catalog" content="visitor"/>'
  const html = (meta: string) => page('<h1>부동산</h1>').replace('<title>', `${meta}<title>`)
  async function finished(body: string, headers: Record<string, string> = {}): Promise<string> {
    return (
      await finishPage(new Request('http://localhost/'), new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } }), {
        photoOrigins: [],
        fonts: new PageFonts(),
      })
    ).text()
  }

  it("gives a visitor's page its own font, right after the stylesheet", async () => {
    const result = await finished(html(visitorMeta))
    expect(result).toMatch(/<link rel="stylesheet" href="\/assets\/styles.css"\/><link rel="preload" href="\/fonts\/page\/[\w-]{22}\.ttf" as="font"/)
    expect(result).not.toContain('.woff2')
  })

  it('gives a page sent without scripts its own font too, and the app’s pages none', async () => {
    expect(await finished(html(''), noPageScripts())).toMatch(/<link rel="preload" href="\/fonts\/page\/[\w-]{22}\.ttf" as="font"/)
    expect(await finished(html(''))).not.toContain('/fonts/page/')
    // An islands page in a build without the islands runtime (as here) is sent with the app's
    // scripts, whose client changes its text: an app page. With the runtime: tests/e2e/page-fonts.spec.ts.
    expect(await finished(html(''), islandsPage())).not.toContain('/fonts/page/')
  })
})
