import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { isSameSitePath } from '~/lib/consent'
import { mayBePhone, parsePhone } from '~/lib/phone'
import { messageId } from './messages'

/*
 * Fields every visitor form shares (a message, a saved search, a tour request): the realtor it
 * goes to, the name, the page the form was on (for the consent record, and the way back), and
 * the honeypot.
 */

/** The realtor whose page the form is on. */
export const visitorRealtorIdSchema = z
  .string({ error: messageId(msg`Choose a realtor`) })
  .trim()
  .min(1, { error: messageId(msg`Choose a realtor`) })
  .max(64)

/**
 * '' (an empty input or select of a form posted without JavaScript, where every value is a
 * string) as absent; everything else as given.
 */
export function blankAsAbsent(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value
}

/** A name a visitor may leave out (a saved search, a market report's e-mail): at most 60 characters. */
export const optionalVisitorNameSchema = z.preprocess(
  blankAsAbsent,
  z
    .string()
    .trim()
    .max(60, { error: messageId(msg`This text is too long`) })
    .optional(),
)

/** The visitor's name (or part of it), at most `max` characters. */
export function visitorNameSchema(max: number) {
  return z
    .string({ error: messageId(msg`Enter your name`) })
    .trim()
    .min(1, { error: messageId(msg`Enter your name`) })
    .max(max, { error: messageId(msg`This text is too long`) })
}

/** The path of the page the form was on, e.g. `/en/kim`; only a path of this site. */
export const consentPageSchema = z
  .string()
  .max(500)
  .refine(isSameSitePath, { error: messageId(msg`This is not a page of this site`) })

/** Honeypot: people never see this field, bots fill it in. */
export const honeypotSchema = z.string().max(500).optional()

/**
 * A phone number typed freely (a tour request, a seller lead): a real number by the numbering
 * plan, read as American, then as Korean (010-…), unless it carries its own `+` code; stored in
 * E.164 (issue 52 item 7, src/lib/phone.ts). Empty stays empty (the field is optional).
 */
export const visitorPhoneSchema = z
  .string()
  .trim()
  .max(30, { error: messageId(msg`Enter a valid phone number`) })
  .refine((value) => value === '' || mayBePhone(value), { error: messageId(msg`Enter a valid phone number`) })
  .transform((value) => (value === '' ? value : (parsePhone(value)?.e164 ?? value)))
