import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/*
 * A real SMTP server on loopback for the tests that check what mail the app sends (contact
 * delivery, saved-search confirmations): the app's own nodemailer transport talks to it.
 */

export type ReceivedMail = { mailFrom: string; rcptTo: Array<string>; raw: string; text: string }

/** The text part as the reader sees it: quoted-printable soft breaks joined, escapes decoded. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '')
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')
}

/**
 * A real SMTP server on loopback that keeps every message it is given. `refuse` names
 * recipients it answers RCPT TO with a permanent 550, as a server does for a mailbox that does not exist.
 */
export async function startSmtpSink(options: { refuse?: ReadonlyArray<string> } = {}) {
  const received: Array<ReceivedMail> = []
  const refused = new Set((options.refuse ?? []).map((address) => address.toLowerCase()))
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) return callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }))
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Array<Buffer> = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const separator = /\r?\n\r?\n/.exec(raw)
        const body = separator ? raw.slice(separator.index + separator[0].length) : ''
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((address) => address.address),
          raw,
          text: /content-transfer-encoding:\s*quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body,
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** A header of a raw message, folded lines joined. */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? ''
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)
  return match?.[1]?.trim()
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) as text: Korean subjects and names. */
export function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, encoding: string, data: string) =>
    encoding.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  )
}

function decodePart(part: string): { type: string; body: string } {
  const separator = /\r?\n\r?\n/.exec(part)
  const head = separator ? part.slice(0, separator.index) : part
  const body = separator ? part.slice(separator.index + separator[0].length) : ''
  const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? 'text/plain'
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase()
  if (encoding === 'base64') return { type, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') }
  if (encoding === 'quoted-printable') return { type, body: decodeQuotedPrintable(body) }
  return { type, body }
}

/** The text and HTML parts of a raw message, decoded (single-part or multipart/alternative). */
export function mailParts(raw: string): { text: string; html: string | undefined } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '')?.[1]
  if (!boundary) return { text: decodePart(raw).body, html: undefined }
  const parts = raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => decodePart(part.replace(/^\r?\n/, '')))
  return { text: parts.find((part) => part.type === 'text/plain')?.body ?? '', html: parts.find((part) => part.type === 'text/html')?.body }
}
