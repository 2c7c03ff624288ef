import type { TextFormat } from '~/schemas/translation'
/*
 * Cutting work to the provider's measure (decision 071): texts grouped into requests within its
 * text and character limits, a budget's remainder taken newest first, and a long draft cut at
 * paragraph, line or sentence ends so each piece fits one request.
 */

/** Something to translate and its billed size. */
export type Sized = { chars: number }

/**
 * Groups `items`, in order, into requests of at most `maxTexts` texts and `maxChars` characters
 * each. An item larger than `maxChars` alone goes in a request of its own (the caller keeps such
 * items out; a provider would refuse them).
 */
export function batchesWithin<T extends Sized>(items: ReadonlyArray<T>, maxTexts: number, maxChars: number): Array<Array<T>> {
  const batches: Array<Array<T>> = []
  let current: Array<T> = []
  let chars = 0
  for (const item of items) {
    if (current.length > 0 && (current.length >= maxTexts || chars + item.chars > maxChars)) {
      batches.push(current)
      current = []
      chars = 0
    }
    current.push(item)
    chars += item.chars
  }
  if (current.length > 0) batches.push(current)
  return batches
}

/** The longest prefix of `items` whose characters fit in `remaining`: newest first, nothing skipped ahead. */
export function prefixWithin<T extends Sized>(items: ReadonlyArray<T>, remaining: number): Array<T> {
  const taken: Array<T> = []
  let chars = 0
  for (const item of items) {
    if (chars + item.chars > remaining) break
    taken.push(item)
    chars += item.chars
  }
  return taken
}

/** Where a text may be cut, most natural first: a blank line, a line end, a sentence end, a space. */
const CUTS: ReadonlyArray<RegExp> = [/\n\s*\n/g, /\n/g, /(?<=[.!?。？！])\s+/g, /\s+/g]
/** In HTML, first after a block's end tag (a post's paragraphs have no line ends), so no piece cuts a tag. */
const HTML_CUTS: ReadonlyArray<RegExp> = [/(?<=<\/(?:p|h[1-6]|li|ul|ol|blockquote|figure)>)/g, ...CUTS]

/**
 * Cuts `text` into pieces of at most `maxChars` (UTF-16 units, never more than the billed count)
 * and the separators between them, so that translating each piece and joining them with the
 * same separators keeps the paragraphs. `pieces.length === separators.length + 1`.
 */
export function splitForTranslation(text: string, maxChars: number, format: TextFormat = 'text'): { pieces: Array<string>; separators: Array<string> } {
  if (text.length <= maxChars) return { pieces: [text], separators: [] }
  for (const cut of format === 'html' ? HTML_CUTS : CUTS) {
    const parts: Array<string> = []
    const gaps: Array<string> = []
    let last = 0
    for (const match of text.matchAll(cut)) {
      parts.push(text.slice(last, match.index))
      gaps.push(match[0])
      last = match.index + match[0].length
    }
    parts.push(text.slice(last))
    if (parts.length === 1) continue
    // Neighbouring parts are joined again while they fit; each part too long is cut finer.
    const pieces: Array<string> = []
    const separators: Array<string> = []
    let current = parts[0] ?? ''
    for (let index = 1; index < parts.length; index += 1) {
      const gap = gaps[index - 1] ?? ''
      const next = parts[index] ?? ''
      if (current.length + gap.length + next.length <= maxChars) current += gap + next
      else {
        appendSplit(pieces, separators, current, maxChars, format)
        separators.push(gap)
        current = next
      }
    }
    appendSplit(pieces, separators, current, maxChars, format)
    return { pieces, separators }
  }
  // One unbroken run of characters: cut it blindly.
  const pieces: Array<string> = []
  for (let start = 0; start < text.length; start += maxChars) pieces.push(text.slice(start, start + maxChars))
  return { pieces, separators: pieces.slice(1).map(() => '') }
}

function appendSplit(pieces: Array<string>, separators: Array<string>, part: string, maxChars: number, format: TextFormat): void {
  const split = splitForTranslation(part, maxChars, format)
  pieces.push(...split.pieces)
  separators.push(...split.separators)
}

/** The translated pieces joined with the original separators. */
export function joinTranslated(pieces: ReadonlyArray<string>, separators: ReadonlyArray<string>): string {
  return pieces.map((piece, index) => (index === 0 ? piece : (separators[index - 1] ?? '') + piece)).join('')
}
