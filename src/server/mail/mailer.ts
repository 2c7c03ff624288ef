import nodemailer from 'nodemailer'

/** A file sent with a mail; text content (an `.ics`), as the outbox stores it. */
export type MailAttachment = {
  filename: string
  contentType: string
  content: string
  /**
   * An iCalendar method (RFC 5546) makes the file the mail's calendar part as well, which
   * mail clients show as an invitation with its own buttons, besides the attached file.
   */
  calendarMethod?: 'REQUEST' | 'CANCEL'
}

export type MailMessage = {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  /** The display name before MAIL_FROM's address ("Sora Park"); the address is always MAIL_FROM's. */
  fromName?: string
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>
  attachments?: Array<MailAttachment>
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** The address part of MAIL_FROM (`Name <a@b>` or `a@b`). */
function addressOf(from: string): string {
  const bracketed = /<([^>]+)>/.exec(from)
  return (bracketed?.[1] ?? from).trim()
}

/** SMTP through nodemailer when SMTP_URL is set (smtp:// or smtps://); otherwise no mailer. */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer | undefined {
  if (!smtpUrl) return undefined
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send({ fromName, attachments, ...message }) {
      const calendar = attachments?.find((attachment) => attachment.calendarMethod !== undefined)
      // Mail goes out from our address (SPF/DKIM hold), named after the realtor it speaks for.
      await transport.sendMail({
        from: fromName ? { name: fromName, address: addressOf(from) } : from,
        ...message,
        ...(attachments ? { attachments: attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })) } : {}),
        // The text/calendar alternative calendar clients act on (an invitation's accept buttons).
        ...(calendar?.calendarMethod ? { icalEvent: { method: calendar.calendarMethod, content: calendar.content } } : {}),
      })
    },
  }
}
