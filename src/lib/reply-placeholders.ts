/*
 * The placeholders of a realtor's instant-reply template (issue 26, decision 021), in one
 * place: the schema that validates a template on save, the editor's help and insert buttons,
 * the preview and the mail all read this list. Isomorphic and pure.
 */

export const REPLY_PLACEHOLDERS = ['visitorName', 'realtorName', 'listingAddress', 'phone', 'email', 'website'] as const
export type ReplyPlaceholder = (typeof REPLY_PLACEHOLDERS)[number]
export type ReplyValues = Record<ReplyPlaceholder, string>

export function isReplyPlaceholder(name: string): name is ReplyPlaceholder {
  return REPLY_PLACEHOLDERS.some((placeholder) => placeholder === name)
}

/**
 * A wrong spot of a template, with where it is (`start` to `end`, braces included) so the
 * editor can name it and mark it in the preview: an unknown `{name}` (with the placeholder it
 * most likely meant), or a brace without its partner.
 */
export type TemplateProblem =
  { kind: 'unknown'; name: string; start: number; end: number; suggestion?: ReplyPlaceholder } | { kind: 'unbalanced'; start: number; end: number }

/** Edit distance, for "did you mean": short names, so the plain table is fast enough. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

/** The placeholder a misspelt name most likely meant: the same letters in another case, or at most two edits away. */
export function suggestPlaceholder(name: string): ReplyPlaceholder | undefined {
  const lower = name.toLowerCase()
  let best: { placeholder: ReplyPlaceholder; edits: number } | undefined
  for (const placeholder of REPLY_PLACEHOLDERS) {
    const edits = distance(lower, placeholder.toLowerCase())
    if (edits <= 2 && (!best || edits < best.edits)) best = { placeholder, edits }
  }
  return best?.placeholder
}

/**
 * Everything wrong with a template, in order (issue 52 item 9: all of them at once, not the
 * first): each unknown `{name}`, and each brace without its partner (a `{` never closed, a `}`
 * never opened, a `{` opened again before it closed). A template has no literal braces: what
 * looks like a placeholder is one, so a typo is caught on save, not sent to a visitor.
 */
export function templateProblems(template: string): Array<TemplateProblem> {
  const problems: Array<TemplateProblem> = []
  let open = -1
  for (let index = 0; index < template.length; index++) {
    const character = template[index]
    if (character === '{') {
      if (open !== -1) problems.push({ kind: 'unbalanced', start: open, end: open + 1 })
      open = index
    } else if (character === '}') {
      if (open === -1) {
        problems.push({ kind: 'unbalanced', start: index, end: index + 1 })
        continue
      }
      const name = template.slice(open + 1, index).trim()
      if (!isReplyPlaceholder(name)) {
        const suggestion = suggestPlaceholder(name)
        problems.push({ kind: 'unknown', name, start: open, end: index + 1, ...(suggestion ? { suggestion } : {}) })
      }
      open = -1
    }
  }
  if (open !== -1) problems.push({ kind: 'unbalanced', start: open, end: open + 1 })
  return problems
}

/**
 * The template as the preview shows it: placeholders filled with their values, and each wrong
 * spot kept as typed and flagged, so the editor can mark it.
 */
export function templateSegments(template: string, values: ReplyValues): Array<{ text: string; wrong: boolean }> {
  const segments: Array<{ text: string; wrong: boolean }> = []
  let from = 0
  for (const problem of templateProblems(template)) {
    if (problem.start > from) segments.push({ text: renderTemplate(template.slice(from, problem.start), values), wrong: false })
    segments.push({ text: template.slice(problem.start, problem.end), wrong: true })
    from = problem.end
  }
  if (from < template.length) segments.push({ text: renderTemplate(template.slice(from), values), wrong: false })
  return segments
}

/** The template with each placeholder replaced by its value (a valid template: see `templateProblems`). */
export function renderTemplate(template: string, values: ReplyValues): string {
  return template.replace(/\{\s*(\w+)\s*\}/g, (whole, name: string) => (isReplyPlaceholder(name) ? values[name] : whole))
}

/** The longest visitor name a reply repeats. */
export const VISITOR_NAME_MAX = 40

/**
 * The visitor's name as a reply may repeat it. It is the only thing the visitor typed that a
 * reply carries, so it must not carry anything else: no line breaks (no injected paragraphs
 * or headers), no web or mail addresses (no links in a mail from the realtor's name), no
 * markup characters, and at most 40 characters. What is left empty greets without a name.
 */
export function safeVisitorName(name: string | null | undefined): string {
  if (!name) return ''
  const cleaned = name
    .replace(/[\r\n\u2028\u2029\t\v\f]+/g, ' ')
    // Control and invisible formatting characters (bidi overrides, zero-width joiners).
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .split(/\s+/)
    // A word with an address's marks (`a@b`, `http://`, `evil.example`) is dropped whole;
    // "Mr. Kim" and "J. Kim" keep their dots, which end a word.
    .filter((word) => !/[/@:<>{}\\[\]]/.test(word) && !/[\p{L}\p{N}]\.[\p{L}\p{N}]/u.test(word))
    .join(' ')
    .trim()
  const characters = Array.from(cleaned)
  return characters.length > VISITOR_NAME_MAX ? characters.slice(0, VISITOR_NAME_MAX).join('').trim() : cleaned
}

/**
 * The placeholders a template's translation lost or changed (issue 54 item 4): each one the
 * source has that the draft does not, so the editor can say which to put back before saving.
 */
export function placeholdersLost(source: string, draft: string): Array<ReplyPlaceholder> {
  const used = (text: string) => new Set(REPLY_PLACEHOLDERS.filter((placeholder) => new RegExp(`\\{\\s*${placeholder}\\s*\\}`).test(text)))
  const kept = used(draft)
  return [...used(source)].filter((placeholder) => !kept.has(placeholder))
}
