/** The text/calendar part of a raw mail as the SMTP sink received it, decoded. */
export function calendarOf(raw: string): string {
  const match = /Content-Type: text\/calendar[^\r\n]*(?:\r?\n[^\r\n]+)*\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(raw)
  const head = match?.[0] ?? ''
  const body = match?.[1] ?? ''
  if (/base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/quoted-printable/i.test(head)) {
    const joined = body.replace(/=\r?\n/g, '')
    return Buffer.from(
      joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  }
  return body
}
