import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { isLang, langFromAcceptLanguage, readCookie, DEFAULT_LANG, LANG_COOKIE, type Lang } from '~/lib/lang'
import type { Mailer } from '~/server/mail/mailer'
import {
  escapeHtml,
  MAIL_COLOURS,
  MAIL_FONT,
  mailBodyRow,
  mailButton,
  mailDocument,
  mailFinePrintRow,
  mailLink,
  mailParagraph,
  mailParagraphHtml,
} from '~/server/mail/mail-html'
import type { RenderedMail } from '~/server/mail/mail-html'

/*
 * The account's own mails (issue 32, item 4): the address verification link and the password
 * reset link, in the language of the account (the page it was created on), each with the
 * product's name, what the link does, when it expires and what to do if the reader did not ask
 * (decision 025). Text and HTML parts say the same.
 */

/** How long a verification link works: a day, since it often waits in a mailbox overnight. */
export const VERIFICATION_LINK_HOURS = 24
/** How long a password reset link works (better-auth's default; kept short, the link grants the account). */
export const RESET_LINK_HOURS = 1

export type AccountMailKind = 'verify-email' | 'reset-password'

/**
 * The language of a new account: the page's language, which the site's sign-up sends as
 * Accept-Language with every auth call (use-auth-actions.ts); for a Google or Kakao sign-up,
 * whose callback carries the browser's own header, the visitor's stored language choice
 * comes first. Korean when neither says.
 */
export function languageOfSignUp(headers: Headers | undefined, via: 'email' | 'provider'): Lang {
  const stored = readCookie(headers?.get('cookie'), LANG_COOKIE)
  const fromHeader = langFromAcceptLanguage(headers?.get('accept-language'))
  if (via === 'provider' && isLang(stored)) return stored
  return fromHeader ?? (isLang(stored) ? stored : DEFAULT_LANG)
}

/**
 * The language to write to an account in: its stored one; an account made before languages
 * were stored gets the language of the request that asked for the mail.
 */
export function accountMailLang(user: object, request: Request | undefined): Lang {
  const stored: unknown = Reflect.get(user, 'language')
  if (isLang(stored)) return stored
  return langFromAcceptLanguage(request?.headers.get('accept-language')) ?? DEFAULT_LANG
}

type AccountMailInput = { kind: AccountMailKind; lang: Lang; siteName: string; email: string; url: string }

function wording(input: AccountMailInput, i18n: I18n) {
  const { siteName: site, email } = input
  if (input.kind === 'verify-email') {
    const hours = VERIFICATION_LINK_HOURS
    return {
      subject: i18n._(msg`Confirm your e-mail address for ${site}`),
      heading: i18n._(msg`Confirm your e-mail address`),
      what: i18n._(msg`You created an account on ${site} with ${email}. Open the link below to confirm that this address is yours.`),
      action: i18n._(msg`Confirm my e-mail address`),
      expiry: i18n._(msg({ message: plural(hours, { one: 'The link expires in # hour.', other: 'The link expires in # hours.' }) })),
      notYou: i18n._(msg`If you did not create an account on ${site}, ignore this e-mail: the address stays unconfirmed.`),
    }
  }
  const hours = RESET_LINK_HOURS
  return {
    subject: i18n._(msg`Reset your ${site} password`),
    heading: i18n._(msg`Reset your password`),
    what: i18n._(msg`Somebody asked to reset the password of the ${site} account for ${email}. Open the link below to choose a new password.`),
    action: i18n._(msg`Choose a new password`),
    expiry: i18n._(
      msg({ message: plural(hours, { one: 'The link expires in # hour and works once.', other: 'The link expires in # hours and works once.' }) }),
    ),
    notYou: i18n._(msg`If you did not ask for this, ignore this e-mail: your password stays as it is.`),
  }
}

export function renderAccountMail(input: AccountMailInput, i18n: I18n): RenderedMail {
  const words = wording(input, i18n)
  const site = input.siteName
  const signature = i18n._(msg`The ${site} team`)
  const why = i18n._(msg`You receive this e-mail because of a request on ${site} for this address.`)
  const text = [
    input.siteName,
    '',
    words.heading,
    '',
    words.what,
    '',
    `${words.action}:`,
    input.url,
    '',
    words.expiry,
    '',
    words.notYou,
    '',
    '--',
    signature,
    why,
  ].join('\n')

  const e = escapeHtml
  const { text: textColour, muted, rule } = MAIL_COLOURS
  const message = [
    `<h1 style="margin:0 0 12px;font-size:20px;">${e(words.heading)}</h1>`,
    mailParagraph(words.what),
    mailButton(input.url, words.action),
    // The address itself, for a client that shows no buttons or a reader who copies it.
    mailParagraphHtml(mailLink(input.url, input.url), `font-size:13px;color:${muted};word-break:break-all;`),
    mailParagraph(words.expiry),
    mailParagraph(words.notYou),
  ]
  const html = mailDocument({
    lang: input.lang,
    title: words.subject,
    width: 560,
    rows: `<tr><td style="padding:20px 24px;border-bottom:1px solid ${rule};${MAIL_FONT}font-size:18px;font-weight:bold;color:${textColour};">${e(input.siteName)}</td></tr>
${mailBodyRow(message.join('\n'))}
${mailFinePrintRow(`${mailParagraph(signature, 'margin:0 0 4px;')}
${mailParagraph(why, 'margin:0;')}`)}`,
  })
  return { subject: words.subject, text, html }
}

/** Renders an account mail in its language and sends it, from the product's name. */
export async function sendAccountMail(
  mailer: Mailer,
  siteNames: Record<Lang, string>,
  kind: AccountMailKind,
  input: { email: string; url: string; lang: Lang },
): Promise<void> {
  await loadCatalog(input.lang)
  const siteName = siteNames[input.lang]
  const mail = renderAccountMail({ kind, lang: input.lang, siteName, email: input.email, url: input.url }, i18nFor(input.lang))
  await mailer.send({ to: input.email, fromName: siteName, ...mail })
}
