import fs from 'node:fs'
import path from 'node:path'
import { createCanvas } from '@napi-rs/canvas'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderCmaPdf } from '../../src/server/cma/cma-pdf'
import { fixtureImages, HIDDEN_STREET, reportFixture } from './cma-report-fixture'

/*
 * The CMA's PDF (issue 53 part 2) read back with pdf.js: each language's words are there as text
 * (not outlines), Pretendard is embedded as a subset (`ABCDEF+` before its name), both paper
 * sizes, the withheld address nowhere; and its first, second and last pages drawn to PNGs under test-results/ to
 * be looked at.
 */

async function textOf(pdf: Buffer): Promise<{ pages: number; text: string; width: number; height: number }> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise
  const parts: Array<string> = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  const first = await document.getPage(1)
  const [, , width = 0, height = 0] = first.view
  return { pages: document.numPages, text: parts.join('\n'), width, height }
}

/** The fonts a PDF embeds, by the names its font dictionaries give them. */
function embeddedFonts(pdf: Buffer): Array<string> {
  return [...pdf.toString('latin1').matchAll(/\/BaseFont\s*\/([^\s/<>[\]]+)/g)].map(([, name = '']) => name)
}

/**
 * pdf.js types its canvas as the DOM's; under Node it draws on @napi-rs/canvas (its own Node
 * canvas factory uses the same package), which has the `getContext('2d')` it calls.
 */
function drawsLikeACanvas(canvas: object): canvas is HTMLCanvasElement {
  return 'getContext' in canvas && typeof canvas.getContext === 'function'
}

describe('renderCmaPdf', () => {
  const files: Record<string, Buffer> = {}

  beforeAll(async () => {
    for (const lang of ['ko', 'en'] as const) {
      const report = reportFixture(lang)
      files[lang] = await renderCmaPdf(report, { lang, paper: 'letter', images: await fixtureImages(report) })
    }
    const a4 = reportFixture('en', 3)
    files.a4 = await renderCmaPdf(a4, { lang: 'en', paper: 'a4', images: await fixtureImages(a4) })
  }, 30_000)

  it('writes the Korean report in Korean, with its figures, as text', async () => {
    const { text, pages } = await textOf(files.ko ?? Buffer.alloc(0))
    expect(pages).toBeGreaterThanOrEqual(2)
    for (const words of ['박소라', '1 Test Lane', '$1,040,000', '$1,090,000', '주방을 새로 고친 점을', 'New roof', '101 Comparable Ct', '공정 주거 기회'])
      expect(text).toContain(words)
    expect(text).toMatch(/[가-힣]{2,}/)
  })

  it('writes the English report in English', async () => {
    const { text } = await textOf(files.en ?? Buffer.alloc(0))
    for (const words of [
      'Comparative market analysis',
      'Sora Park',
      'Recommended list price',
      'Comparable homes',
      'Adjusted price',
      'Equal Housing Opportunity',
      'Irvine',
    ])
      expect(text).toContain(words)
    expect(text).not.toMatch(/[가-힣]/)
  })

  it('embeds Pretendard as subsets, regular and bold, and no other font', () => {
    for (const lang of ['ko', 'en']) {
      const fonts = new Set(embeddedFonts(files[lang] ?? Buffer.alloc(0)))
      expect([...fonts].sort()).toEqual([expect.stringMatching(/^[A-Z]{6}\+Pretendard-Bold$/), expect.stringMatching(/^[A-Z]{6}\+Pretendard-Regular$/)])
    }
    // A subset, not the 1.5 MB font files: the whole ten-comparable report with photos stays small.
    expect(files.ko?.length ?? 0).toBeLessThan(400_000)
  })

  it('says where a withheld address would be, never the address, and prints Letter and A4', async () => {
    const ko = await textOf(files.ko ?? Buffer.alloc(0))
    expect(ko.text).not.toContain(HIDDEN_STREET)
    expect([Math.round(ko.width), Math.round(ko.height)]).toEqual([612, 792])
    const a4 = await textOf(files.a4 ?? Buffer.alloc(0))
    expect([Math.round(a4.width), Math.round(a4.height)]).toEqual([595, 842])
    expect((await textOf(files.en ?? Buffer.alloc(0))).text).toContain('Address withheld by the MLS')
  })

  it('draws the first, second and last pages of each language to PNGs', async () => {
    const folder = path.resolve(import.meta.dirname, '../../test-results/cma-pdf')
    fs.mkdirSync(folder, { recursive: true })
    for (const lang of ['ko', 'en']) {
      const document = await getDocument({ data: new Uint8Array(files[lang] ?? Buffer.alloc(0)) }).promise
      for (const number of new Set([1, 2, document.numPages])) {
        const page = await document.getPage(number)
        const viewport = page.getViewport({ scale: 1.5 })
        const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
        if (!drawsLikeACanvas(canvas)) throw new Error('@napi-rs/canvas has no getContext')
        await page.render({ canvas, viewport }).promise
        const png = canvas.toBuffer('image/png')
        fs.writeFileSync(path.join(folder, `${lang}-page-${number}.png`), png)
        expect(png.length).toBeGreaterThan(10_000)
      }
    }
  })
})
