import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'

/*
 * The instant reply a realtor who never edits sends (issue 26): warm, short, in the visitor's
 * language, promising only what is true (the realtor got the request and will answer). The
 * placeholders are Lingui values whose value is the placeholder itself, so translators see
 * `{visitorName}` as a named value and the default comes out as a template, braces and all.
 */

const visitorName = '{visitorName}'
const realtorName = '{realtorName}'
const phone = '{phone}'
const email = '{email}'
const website = '{website}'

export function defaultReplySubject(i18n: I18n): string {
  return i18n._(msg`Thank you for reaching out — ${realtorName}`)
}

export function defaultReplyBody(i18n: I18n): string {
  return [
    i18n._(msg`Hello ${visitorName},`),
    '',
    i18n._(msg`Thank you for your request. This is ${realtorName}: I have received it and will get back to you personally very soon.`),
    '',
    i18n._(msg`If it is urgent, call me at ${phone} or write to ${email}. You can also find me at ${website}.`),
    '',
    i18n._(msg`Talk soon,`),
    realtorName,
  ].join('\n')
}
