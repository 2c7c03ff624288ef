import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { z } from 'zod'
import { translateFieldMessage, type FieldMessage, type IssueMessage, type TranslateMessage } from '~/lib/errors'
import { fieldLabel } from './field-labels'

/*
 * Our own sentence for every problem a schema does not word itself (issue 48): a missing
 * field, a wrong type, a size, a value not among the choices, a bad format. zod's shipped
 * sentences ("Invalid input: expected string, received undefined") are written for
 * programmers and name no field; these name the field by its label (`./field-labels`) in the
 * reader's language. A rule that words its own message (`messageId(msg`…`)`) keeps it: zod
 * asks the error map only for issues that have none.
 *
 * The Korean sentences attach the label with particles that do not depend on its last
 * syllable (의, 에, 에는), so any label reads correctly.
 */

const WORDS = {
  required: msg({ message: '{field} is required' }),
  notText: msg({ message: '{field} must be text' }),
  notNumber: msg({ message: '{field} must be a number' }),
  notWholeNumber: msg({ message: '{field} must be a whole number' }),
  notBoolean: msg({ message: '{field} must be true or false' }),
  notList: msg({ message: '{field} must be a list' }),
  notObject: msg({ message: '{field} must be a group of fields (a JSON object)' }),
  notDate: msg({ message: '{field} must be a date' }),
  notAccepted: msg({ message: '{field} cannot be sent here' }),
  wrongKind: msg({ message: '{field} has a value of the wrong kind' }),
  tooShort: msg({ message: '{field} must be at least {minimum, plural, one {# character} other {# characters}} long' }),
  tooLong: msg({ message: '{field} can be at most {maximum, plural, one {# character} other {# characters}} long' }),
  exactLength: msg({ message: '{field} must be exactly {length, plural, one {# character} other {# characters}} long' }),
  tooFewItems: msg({ message: '{field} must have at least {minimum, plural, one {# item} other {# items}}' }),
  tooManyItems: msg({ message: '{field} can have at most {maximum, plural, one {# item} other {# items}}' }),
  atLeast: msg({ message: '{field} must be {minimum} or more' }),
  moreThan: msg({ message: '{field} must be more than {minimum}' }),
  atMost: msg({ message: '{field} must be {maximum} or less' }),
  lessThan: msg({ message: '{field} must be less than {maximum}' }),
  notBefore: msg({ message: '{field} must be on or after {minimum}' }),
  notAfter: msg({ message: '{field} must be on or before {maximum}' }),
  tooSmall: msg({ message: '{field} is too small' }),
  tooBig: msg({ message: '{field} is too large' }),
  onlyValue: msg({ message: '{field} can only be {options}' }),
  oneOf: msg({ message: '{field} must be one of: {options}' }),
  notAChoice: msg({ message: '{field} is not one of the values accepted here' }),
  notEmail: msg({ message: '{field} must be an e-mail address' }),
  notUrl: msg({ message: '{field} must be a web address starting with https://' }),
  notId: msg({ message: '{field} is not a valid ID' }),
  notIsoDate: msg({ message: '{field} must be a date written as YYYY-MM-DD' }),
  notIsoDateTime: msg({ message: '{field} must be a date and time written as YYYY-MM-DDTHH:MM:SSZ' }),
  notIsoTime: msg({ message: '{field} must be a time written as HH:MM' }),
  startsWith: msg({ message: '{field} must start with {prefix}' }),
  endsWith: msg({ message: '{field} must end with {suffix}' }),
  includes: msg({ message: '{field} must contain {includes}' }),
  badFormat: msg({ message: '{field} is not in the right format' }),
  notMultipleOf: msg({ message: '{field} must be a multiple of {divisor}' }),
  unknownFields: msg({ message: '{field} has fields that are not accepted here: {keys}' }),
  invalid: msg({ message: '{field} is not valid' }),
} satisfies Record<string, MessageDescriptor>

/** Values listed in a sentence past this many are too long to read: "not one of the values accepted here". */
const MAX_LISTED_OPTIONS = 12

const ID_FORMATS = new Set(['uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'xid', 'ksuid', 'nanoid'])

type Issue = z.core.$ZodRawIssue

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function listed(values: ReadonlyArray<unknown>): string {
  return values.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)))).join(', ')
}

function number(value: number | bigint | Date): number | string {
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return typeof value === 'bigint' ? value.toString() : value
}

function wrongType(expected: string): MessageDescriptor {
  switch (expected) {
    case 'string':
      return WORDS.notText
    case 'number':
    case 'bigint':
    case 'nan':
      return WORDS.notNumber
    case 'int':
      return WORDS.notWholeNumber
    case 'boolean':
      return WORDS.notBoolean
    case 'array':
    case 'tuple':
    case 'set':
      return WORDS.notList
    case 'object':
    case 'record':
    case 'map':
      return WORDS.notObject
    case 'date':
      return WORDS.notDate
    case 'never':
    case 'undefined':
    case 'void':
      return WORDS.notAccepted
    default:
      return WORDS.wrongKind
  }
}

type Said = { descriptor: MessageDescriptor; values?: Record<string, string | number> }

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): Said {
  const minimum = number(issue.minimum)
  const inclusive = issue.inclusive !== false
  switch (issue.origin) {
    case 'string': {
      if (issue.exact) return { descriptor: WORDS.exactLength, values: { length: minimum } }
      // A string that must not be empty was left empty: to a person, that is a missing field.
      if (inclusive ? minimum === 1 : minimum === 0) return { descriptor: WORDS.required }
      return { descriptor: WORDS.tooShort, values: { minimum: typeof minimum === 'number' && !inclusive ? minimum + 1 : minimum } }
    }
    case 'array':
    case 'set':
      if (inclusive ? minimum === 1 : minimum === 0) return { descriptor: WORDS.required }
      return { descriptor: WORDS.tooFewItems, values: { minimum: typeof minimum === 'number' && !inclusive ? minimum + 1 : minimum } }
    case 'number':
    case 'int':
    case 'bigint':
      return { descriptor: inclusive ? WORDS.atLeast : WORDS.moreThan, values: { minimum } }
    case 'date':
      return { descriptor: WORDS.notBefore, values: { minimum } }
    default:
      return { descriptor: WORDS.tooSmall }
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): Said {
  const maximum = number(issue.maximum)
  const inclusive = issue.inclusive !== false
  const counted = typeof maximum === 'number' && !inclusive ? maximum - 1 : maximum
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return { descriptor: WORDS.exactLength, values: { length: maximum } }
      return { descriptor: WORDS.tooLong, values: { maximum: counted } }
    case 'array':
    case 'set':
      return { descriptor: WORDS.tooManyItems, values: { maximum: counted } }
    case 'number':
    case 'int':
    case 'bigint':
      return { descriptor: inclusive ? WORDS.atMost : WORDS.lessThan, values: { maximum } }
    case 'date':
      return { descriptor: WORDS.notAfter, values: { maximum } }
    default:
      return { descriptor: WORDS.tooBig }
  }
}

function choices(options: ReadonlyArray<unknown>): Said {
  if (options.length === 1) return { descriptor: WORDS.onlyValue, values: { options: listed(options) } }
  if (options.length > 0 && options.length <= MAX_LISTED_OPTIONS) return { descriptor: WORDS.oneOf, values: { options: listed(options) } }
  return { descriptor: WORDS.notAChoice }
}

function badFormat(issue: Extract<Issue, { code: 'invalid_format' }>): Said {
  const { format } = issue
  if (format === 'email') return { descriptor: WORDS.notEmail }
  if (format === 'url') return { descriptor: WORDS.notUrl }
  if (ID_FORMATS.has(format)) return { descriptor: WORDS.notId }
  if (format === 'date') return { descriptor: WORDS.notIsoDate }
  if (format === 'datetime') return { descriptor: WORDS.notIsoDateTime }
  if (format === 'time') return { descriptor: WORDS.notIsoTime }
  if (format === 'starts_with' && typeof issue.prefix === 'string') return { descriptor: WORDS.startsWith, values: { prefix: issue.prefix } }
  if (format === 'ends_with' && typeof issue.suffix === 'string') return { descriptor: WORDS.endsWith, values: { suffix: issue.suffix } }
  if (format === 'includes' && typeof issue.includes === 'string') return { descriptor: WORDS.includes, values: { includes: issue.includes } }
  return { descriptor: WORDS.badFormat }
}

function said(issue: Issue): Said {
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 reports a missing field as a wrong type whose input is undefined.
      if (issue.input === undefined || issue.expected === 'nonoptional') return { descriptor: WORDS.required }
      return { descriptor: wrongType(issue.expected) }
    case 'too_small':
      return tooSmall(issue)
    case 'too_big':
      return tooBig(issue)
    case 'invalid_value':
      return choices(issue.values)
    case 'invalid_format':
      return badFormat(issue)
    case 'not_multiple_of':
      return { descriptor: WORDS.notMultipleOf, values: { divisor: issue.divisor } }
    case 'unrecognized_keys':
      return { descriptor: WORDS.unknownFields, values: { keys: issue.keys.join(', ') } }
    case 'invalid_union': {
      // A discriminated union names its discriminator (and the issue's path ends at it).
      if (issue.discriminator !== undefined) {
        const given = isRecord(issue.input) ? issue.input[issue.discriminator] : undefined
        if (given === undefined) return { descriptor: WORDS.required }
        return Array.isArray(issue.options) ? choices(issue.options) : { descriptor: WORDS.invalid }
      }
      if (issue.input === undefined) return { descriptor: WORDS.required }
      return { descriptor: WORDS.invalid }
    }
    default:
      return { descriptor: WORDS.invalid }
  }
}

/** Our message for an issue no rule worded: the sentence's id, the field's label, the values. */
export function describeIssue(issue: Issue): IssueMessage {
  const { descriptor, values } = said(issue)
  return { id: descriptor.id, label: fieldLabel(issue.path ?? []).id, ...(values ? { values } : {}) }
}

/**
 * A union none of whose options fit says only "not valid" at its own place. When the input is
 * of the type of exactly one option (the presign body is an object or a list), that option's
 * own issues say what is wrong, at their fields: they take the union's place.
 */
function unionOpened(issues: ReadonlyArray<z.core.$ZodIssue>): Array<z.core.$ZodIssue> {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue]
    const fitting = issue.errors.filter((option) => !option.some((inner) => inner.code === 'invalid_type' && inner.path.length === 0))
    const [only] = fitting
    if (fitting.length !== 1 || only === undefined || only.length === 0) return [issue]
    return unionOpened(only.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })))
  })
}

/**
 * Parses with our messages for the issues no rule words: while parsing (when the input judged
 * is still at hand, which tells a missing field from a wrong one) each such issue gets a token
 * as its message, and `messageOf` turns any issue's message into a `FieldMessage`: the
 * description behind a token, or the id a rule gave. The server translates it at its edge,
 * in the caller's language (`parseInput`); a form in the page's (`parseInWords`).
 */
export function parseDescribed<TSchema extends z.ZodType>(
  schema: TSchema,
  input: unknown,
): { success: true; data: z.output<TSchema> } | { success: false; error: z.ZodError; messageOf: (message: string) => FieldMessage } {
  const described = new Map<string, IssueMessage>()
  const result = schema.safeParse(input, {
    error: (issue) => {
      const token = `\u0000issue:${described.size}`
      described.set(token, describeIssue(issue))
      return token
    },
  })
  if (result.success) return { success: true, data: result.data }
  return { success: false, error: new z.ZodError(unionOpened(result.error.issues)), messageOf: (message) => described.get(message) ?? message }
}

/** A form's check in the browser: every issue's message in words of the page's language. */
export function parseInWords<TSchema extends z.ZodType>(
  schema: TSchema,
  input: unknown,
  translate: TranslateMessage,
): { success: true; data: z.output<TSchema> } | { success: false; issues: Array<z.core.$ZodIssue> } {
  const result = parseDescribed(schema, input)
  if (result.success) return result
  return {
    success: false,
    issues: result.error.issues.map((issue) => ({ ...issue, message: translateFieldMessage(result.messageOf(issue.message), translate) })),
  }
}
