/*
 * What every HTML mail we send shares: escaping, the font stack, and the frame (a light page
 * with one white card, in tables, which is what mail clients render alike; Outlook ignores
 * max-width on divs). Each mail writes only its own rows.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

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
