import nodemailer from 'nodemailer'

export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string }

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** SMTP through nodemailer when SMTP_URL is set (smtp:// or smtps://); otherwise no mailer. */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer | undefined {
  if (!smtpUrl) return undefined
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
    },
  }
}
