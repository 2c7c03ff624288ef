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

export type TemplateProblem = { kind: 'unknown'; name: string } | { kind: 'unbalanced' }

/**
 * What is wrong with a template: each unknown `{name}`, or a brace without its partner (a
 * `{` never closed, a `}` never opened, `{` inside `{`). A template has no literal braces:
 * what looks like a placeholder is one, so a typo is caught on save, not sent to a visitor.
 */
export function templateProblems(template: string): Array<TemplateProblem> {
  const problems: Array<TemplateProblem> = []
  let open = -1
  for (let index = 0; index < template.length; index++) {
    const character = template[index]
    if (character === '{') {
      if (open !== -1) return [...problems, { kind: 'unbalanced' }]
      open = index
    } else if (character === '}') {
      if (open === -1) return [...problems, { kind: 'unbalanced' }]
      const name = template.slice(open + 1, index).trim()
      if (!isReplyPlaceholder(name)) problems.push({ kind: 'unknown', name })
      open = -1
    }
  }
  if (open !== -1) problems.push({ kind: 'unbalanced' })
  return problems
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
