/*
 * What every HTML mail we send shares: escaping, the font stack, the frame (a light page with
 * one white card, in tables, which is what mail clients render alike; Outlook ignores max-width
 * on divs), and the pieces of a message (its text, its one button, its links, the small print),
 * so every mail reads in one type size and one link colour. Each mail writes only its own rows.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** A mail as the outbox takes it: the subject, the plain text and the HTML. */
export type RenderedMail = { subject: string; text: string; html: string }

/** Only http(s) addresses become links or images: anything else in data is dropped. */
export function safeUrl(url: string | null): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null
  } catch {
    return null
  }
}

/**
 * A stored address (`/uploads/…`, `/listing-photos/…`) made absolute against the page it
 * belongs to, since a mail has no page to resolve it against; an http(s) address is kept, and
 * anything else is dropped. A path stays on the page's site: `//host/x` and `/\host/x` are
 * read by URL parsers as another host, and are dropped too, as is what no parser reads (`//[`).
 */
export function absoluteMailUrl(url: string | null, pageUrl: string): string | null {
  if (!url) return null
  if (/^https?:\/\//i.test(url)) return url
  if (!url.startsWith('/') || !URL.canParse(url, pageUrl)) return null
  const page = new URL(pageUrl)
  const resolved = new URL(url, page)
  return resolved.origin === page.origin ? resolved.toString() : null
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character)
}

/** System fonts with Korean ones before the generic family: mail clients load no web fonts. */
export const MAIL_FONT = "font-family:-apple-system,'Segoe UI',Roboto,'Apple SD Gothic Neo','Malgun Gothic',sans-serif;"

/** A whole HTML mail: `rows` are the card's `<tr>`s, `width` its width in CSS pixels. */
export function mailDocument({ lang, title, rows, width = 600 }: { lang: string; title: string; rows: string; width?: number }): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f5f5f4;"><tr><td align="center" style="padding:16px;">
<table role="presentation" width="${width}" cellpadding="0" cellspacing="0" border="0" style="max-width:${width}px;width:100%;background:#ffffff;border-radius:8px;">
${rows}
</table></td></tr></table>
</body></html>`
}

/** Text, quieter text, the rules between rows, and links and buttons (dark enough for white text in light and dark clients). */
export const MAIL_COLOURS = { text: '#1c1917', muted: '#44403c', rule: '#e7e5e4', link: '#1d4ed8' } as const

/**
 * The message's row of text. Its paragraphs' own spacing below ends it (so the last needs no
 * override); `continued`: rows of the same message follow it (homes, figures).
 */
export function mailBodyRow(inner: string, { continued = false }: { continued?: boolean } = {}): string {
  return `<tr><td style="padding:${continued ? '24px 24px 0' : '24px 24px 12px'};${MAIL_FONT}font-size:15px;line-height:1.55;color:${MAIL_COLOURS.text};">
${inner}
</td></tr>`
}

/** The small print below a rule: who sends the mail, why the reader gets it, how to stop it. */
export function mailFinePrintRow(inner: string): string {
  return `<tr><td style="padding:16px 24px 24px;${MAIL_FONT}font-size:14px;line-height:1.5;color:${MAIL_COLOURS.muted};border-top:1px solid ${MAIL_COLOURS.rule};">
${inner}
</td></tr>`
}

/** A paragraph of markup already escaped; `style` comes after the usual spacing, so it may replace it. */
export function mailParagraphHtml(html: string, style = ''): string {
  return `<p style="margin:0 0 12px;${style}">${html}</p>`
}

/** A paragraph of text. */
export function mailParagraph(text: string, style = ''): string {
  return mailParagraphHtml(escapeHtml(text), style)
}

/** A link in the link colour; `href` must be checked by the caller where it comes from outside (`safeUrl`). */
export function mailLink(href: string, label: string, style = ''): string {
  return `<a href="${escapeHtml(href)}" style="color:${MAIL_COLOURS.link};${style}">${escapeHtml(label)}</a>`
}

/** A row of its own for a link that leads on (every matching home, the full report). */
export function mailLinkRow(href: string, label: string): string {
  return `<tr><td style="padding:12px 24px;${MAIL_FONT}font-size:15px;">${mailLink(href, label, 'font-weight:bold;')}</td></tr>`
}

/** The mail's one action: a link drawn as a button. */
export function mailButton(href: string, label: string): string {
  return mailParagraphHtml(
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:${MAIL_COLOURS.link};color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>`,
    'margin:20px 0;',
  )
}
