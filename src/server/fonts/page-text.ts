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
