// The same file the stylesheet imports, processed by Vite the same way, so its url()s are
// the very asset URLs the browser will ask for.
import pretendardCss from 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?inline'
import { distinctCharacters, visibleText } from './page-text'

type Range = { from: number; to: number; url: string }

/** Every `unicode-range` of every Pretendard subset, sorted by code point. */
function parseSubsets(css: string): Array<Range> {
  const ranges: Array<Range> = []
  for (const [, body = ''] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const url = /url\(\s*['"]?([^'")\s]+\.woff2)['"]?\s*\)/.exec(body)?.[1]
    const unicodeRange = /unicode-range\s*:\s*([^;]+)/.exec(body)?.[1]
    if (!url || !unicodeRange) continue
    for (const part of unicodeRange.split(',')) {
      const token = part.trim().replace(/^U\+/i, '')
      const [start = '', end] = token.includes('-') ? token.split('-') : [token.replace(/\?/g, '0'), token.replace(/\?/g, 'F')]
      const from = Number.parseInt(start, 16)
      const to = Number.parseInt(end ?? start, 16)
      if (Number.isFinite(from) && Number.isFinite(to)) ranges.push({ from, to, url })
    }
  }
  return ranges.sort((a, b) => a.from - b.from)
}

const subsets = parseSubsets(pretendardCss)

function subsetOf(codePoint: number): string | undefined {
  let low = 0
  let high = subsets.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const range = subsets[middle]
    if (!range) return undefined
    if (codePoint < range.from) high = middle - 1
    else if (codePoint > range.to) low = middle + 1
    else return range.url
  }
  return undefined
}

/** The subset files a page's text needs, in the order the stylesheet declares them. */
export function fontFilesFor(html: string): Array<string> {
  const needed = new Set<string>()
  for (const codePoint of distinctCharacters(visibleText(html))) {
    const url = subsetOf(codePoint)
    if (url) needed.add(url)
  }
  return [...needed]
}

const CHARSET_META = /<meta charset="?utf-8"?\s*\/?>/i
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*>/i

/**
 * Preloads the Pretendard subsets a server-rendered page shows. Without them the browser
 * finds out which subsets it needs only after the stylesheet, lays the page out in a
 * fallback font, then again as each subset arrives (font-display: swap): the Korean hero
 * moved by 0.16 (CLS) on a phone. With them the fonts load alongside the stylesheet and are
 * there for the first layout. Computed from the rendered text, so it is exact for every
 * realtor's own words.
 */
export function addFontPreloads(html: string): string {
  const files = fontFilesFor(html)
  return files.length === 0 ? html : addToHead(html, files.map((url) => `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`).join(''))
}

/**
 * Puts font tags into a page's head right after the stylesheet, so the stylesheet and the
 * hero photo (preloaded above it) are asked for first: fonts ahead of them delayed the first
 * paint on a slow network.
 */
export function addToHead(html: string, tags: string): string {
  const anchor = [STYLESHEET_LINK, CHARSET_META, /<head>/i].find((pattern) => pattern.test(html))
  return anchor ? html.replace(anchor, (tag) => tag + tags) : html
}
