/** The text a page shows: its body without scripts, styles and tags, plus its placeholders. */
export function visibleText(html: string): string {
  const bodyStart = html.search(/<body[\s>]/i)
  const body = (bodyStart < 0 ? html : html.slice(bodyStart)).replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
  const placeholders = [...body.matchAll(/\splaceholder="([^"]*)"/gi)].map((match) => match[1] ?? '')
  return `${body.replace(/<[^>]*>/g, ' ')} ${placeholders.join(' ')}`
}

/** The distinct printable characters of a text, sorted by code point. */
export function distinctCharacters(text: string): Array<number> {
  const codePoints = new Set<number>()
  for (const character of text) {
    const codePoint = character.codePointAt(0)
    if (codePoint !== undefined && codePoint > 0x20 && !(codePoint >= 0x7f && codePoint <= 0xa0)) codePoints.add(codePoint)
  }
  return [...codePoints].sort((a, b) => a - b)
}

/**
 * Hangul: syllables, jamo and compatibility jamo. A phone draws these in its own Korean font
 * (see `pageFontHead`), so the page's font for phones leaves them out.
 */
export function isHangul(codePoint: number): boolean {
  return (
    (codePoint >= 0xac00 && codePoint <= 0xd7ff) ||
    (codePoint >= 0x1100 && codePoint <= 0x11ff) ||
    (codePoint >= 0x3130 && codePoint <= 0x318f) ||
    (codePoint >= 0xa960 && codePoint <= 0xa97f)
  )
}
