import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { loadCatalog, translate } from '../../src/i18n/i18n'
import type { Lang } from '../../src/lib/lang'
import { translateFieldMessage } from '../../src/lib/errors'
import { isAppError, parseInput } from '../../src/server/app-error'
import { apiPaths } from '../../src/server/http/openapi'
import type { FieldMessage } from '../../src/lib/errors'
import { FIELD_LABELS } from '../../src/schemas/field-labels'
import { parseInWords } from '../../src/schemas/issue-messages'
import { contactFormSchema } from '../../src/schemas/inbox'
import { realtorInputSchema } from '../../src/schemas/realtor'
import { replySettingsInputSchema } from '../../src/schemas/lead-replies'
import { forgotPasswordFormSchema, resetPasswordFormSchema, signInFormSchema, signUpFormSchema } from '../../src/features/auth/auth-schemas'

/*
 * Issue 48 item 6: every field error of every endpoint is a sentence a person understands, in
 * Korean and English. The request schemas are read from the OpenAPI paths (the ones the
 * document is made from), so a new endpoint is walked without touching this test. Each field
 * is sent missing and with a value of the wrong type, nested fields (a photo's `path`, a
 * testimonial's `textKo`) included; every message that comes back must not be or contain one
 * of zod's shipped sentences for the same input (in either language), must not show a field's
 * key, and must name the field's label when it is one of our sentences.
 */

const LANGS: ReadonlyArray<Lang> = ['ko', 'en']

type Def = { type: string } & Record<string, unknown>

function defOf(schema: z.ZodType): Def {
  return schema._zod.def as unknown as Def
}

function isSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType
}

/** The schema that judges a value's shape: wrappers, defaults and preprocessing stripped. */
function core(schema: z.ZodType, depth = 0): z.ZodType {
  if (depth > 20) return schema
  const def = defOf(schema)
  if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type) && isSchema(def.innerType)) {
    return core(def.innerType, depth + 1)
  }
  if (def.type === 'pipe' && isSchema(def.in) && isSchema(def.out)) {
    // A preprocess is a transform piped into the schema; a transform after a schema is the reverse.
    return core(defOf(def.in).type === 'transform' ? def.out : def.in, depth + 1)
  }
  if (schema instanceof z.ZodLazy) {
    const inner: unknown = schema.unwrap()
    if (isSchema(inner)) return core(inner, depth + 1)
  }
  return schema
}

type Step = string | number
type Field = { path: Array<Step>; schema: z.ZodType }

/** Every object field reachable from the schema, through objects, lists and unions. */
function fieldsOf(schema: z.ZodType, path: Array<Step> = [], seen = new Set<z.ZodType>()): Array<Field> {
  const shape = core(schema)
  if (seen.has(shape)) return []
  seen.add(shape)
  const def = defOf(shape)
  if (def.type === 'object' && typeof def.shape === 'object' && def.shape !== null) {
    return Object.entries(def.shape).flatMap(([key, child]: [string, unknown]) =>
      isSchema(child) ? [{ path: [...path, key], schema: child }, ...fieldsOf(child, [...path, key], seen)] : [],
    )
  }
  if (def.type === 'array' && isSchema(def.element)) return fieldsOf(def.element, [...path, 0], seen)
  if (def.type === 'union' && Array.isArray(def.options)) return def.options.filter(isSchema).flatMap((option) => fieldsOf(option, path, seen))
  if (def.type === 'intersection' && isSchema(def.left) && isSchema(def.right)) return [...fieldsOf(def.left, path, seen), ...fieldsOf(def.right, path, seen)]
  return []
}

/** A value of another type than the field takes: the first of these its schema refuses. */
const WRONG_VALUES: ReadonlyArray<unknown> = [12345, 'not a value', true, ['a', 'list'], { an: 'object' }]

function wrongValueFor(schema: z.ZodType): { value: unknown } | undefined {
  for (const value of WRONG_VALUES) if (!z.safeParse(schema, value).success) return { value }
  return undefined
}

/** `{}` with `value` put at `path` (a list index makes a one-item list). */
function inputWith(path: ReadonlyArray<Step>, value: unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined) return value
  const inner = inputWith(rest, value)
  return typeof head === 'number' ? [inner] : { [head]: inner }
}

type RequestSchema = { name: string; schema: z.ZodType }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Every request schema of the API: bodies, queries and path parameters of every operation. */
function apiRequestSchemas(): Array<RequestSchema> {
  const found: Array<RequestSchema> = []
  for (const [path, item] of Object.entries(apiPaths())) {
    if (!isRecord(item)) continue
    for (const [method, operation] of Object.entries(item)) {
      if (!isRecord(operation)) continue
      const body = isRecord(operation.requestBody) && isRecord(operation.requestBody.content) ? operation.requestBody.content['application/json'] : undefined
      if (isRecord(body) && isSchema(body.schema)) found.push({ name: `${method.toUpperCase()} ${path} body`, schema: body.schema })
      const params = operation.requestParams
      if (!isRecord(params)) continue
      for (const part of ['query', 'path', 'header', 'cookie']) {
        const schema = params[part]
        if (isSchema(schema)) found.push({ name: `${method.toUpperCase()} ${path} ${part}`, schema })
      }
    }
  }
  return found
}

const FORM_SCHEMAS: ReadonlyArray<RequestSchema> = [
  { name: 'contact form', schema: contactFormSchema },
  { name: 'realtor form', schema: realtorInputSchema },
  { name: 'reply settings form', schema: replySettingsInputSchema },
  { name: 'sign-in form', schema: signInFormSchema },
  { name: 'sign-up form', schema: signUpFormSchema },
  { name: 'forgot-password form', schema: forgotPasswordFormSchema },
  { name: 'reset-password form', schema: resetPasswordFormSchema },
]

type Case = { label: string; input: unknown }

/** The inputs sent to a schema: everything missing, each nested object empty, each field of a wrong type. */
function casesOf(schema: z.ZodType): Array<Case> {
  const cases: Array<Case> = [{ label: 'nothing', input: {} }]
  for (const field of fieldsOf(schema)) {
    const shape = defOf(core(field.schema)).type
    if (shape === 'object') cases.push({ label: `${field.path.join('.')} empty`, input: inputWith(field.path, {}) })
    if (shape === 'array') cases.push({ label: `${field.path.join('.')} with an empty item`, input: inputWith(field.path, [{}]) })
    const wrong = wrongValueFor(field.schema)
    if (wrong) cases.push({ label: `${field.path.join('.')} = ${JSON.stringify(wrong.value)}`, input: inputWith(field.path, wrong.value) })
  }
  return cases
}

/** zod's own sentences for the issues no rule of ours words, in the language of `locale`. */
function zodSentences(schema: z.ZodType, input: unknown, locale: () => { localeError: z.core.$ZodErrorMap }): Array<string> {
  const MARK = '\u0000unworded'
  const marked = z.safeParse(schema, input, { error: () => MARK })
  const shipped = z.safeParse(schema, input, { error: locale().localeError })
  if (marked.success || shipped.success) return []
  return marked.error.issues.flatMap((issue, index) => {
    const sentence = shipped.error.issues[index]?.message
    return issue.message === MARK && sentence ? [sentence] : []
  })
}

/** The field errors parseInput answers, or none when the input passes. */
function fieldErrorsOf(schema: z.ZodType, input: unknown): Record<string, Array<FieldMessage>> {
  try {
    parseInput(schema, input)
    return {}
  } catch (error) {
    if (!isAppError(error)) throw error
    return error.fieldErrors ?? {}
  }
}

/** A field's key as only code spells it (`phoneCountryCode`, `is_term`): never in a sentence. */
function isCodeName(segment: string): boolean {
  return /[A-Z_0-9]/.test(segment) && !/^[A-Z]+$/.test(segment)
}

type Finding = { where: string; lang: Lang; field: string; message: string; problem: string }

function problemsOf(where: string, field: string, message: string, lang: Lang, shipped: ReadonlyArray<string>, label: string | undefined): Array<Finding> {
  const found: Array<Finding> = []
  const add = (problem: string) => found.push({ where, lang, field, message, problem })
  if (message.trim() === '' || message.includes('\u0000')) add('empty or a token')
  for (const sentence of shipped) if (message.includes(sentence)) add(`zod's sentence "${sentence}"`)
  for (const segment of field.split('.')) if (isCodeName(segment) && message.includes(segment)) add(`the key ${segment}`)
  if (label !== undefined && !message.includes(label)) add(`not the label "${label}"`)
  return found
}

function labelIn(lang: Lang, field: string): string | undefined {
  const name = field
    .split('.')
    .filter((segment) => !/^\d+$/.test(segment))
    .at(-1)
  const label = name === undefined || !Object.hasOwn(FIELD_LABELS, name) ? undefined : FIELD_LABELS[name]
  return label ? translate(lang, label) : undefined
}

/** Walks the schemas; every problem found, with where it was and the message at fault. */
function findingsOf(
  schemas: ReadonlyArray<RequestSchema>,
  wordsOf: (schema: z.ZodType, input: unknown, lang: Lang) => Record<string, Array<{ text: string; ours: boolean }>>,
): Array<Finding> {
  const findings: Array<Finding> = []
  for (const { name, schema } of schemas) {
    for (const { label, input } of casesOf(schema)) {
      const shipped = [...zodSentences(schema, input, z.locales.ko), ...zodSentences(schema, input, z.locales.en)]
      for (const lang of LANGS) {
        for (const [field, messages] of Object.entries(wordsOf(schema, input, lang))) {
          for (const { text, ours } of messages)
            findings.push(...problemsOf(`${name}, ${label}`, field, text, lang, shipped, ours ? labelIn(lang, field) : undefined))
        }
      }
    }
  }
  return findings
}

beforeAll(async () => {
  await Promise.all(LANGS.map((lang) => loadCatalog(lang)))
})

describe('field errors of the API (issue 48)', () => {
  const schemas = apiRequestSchemas()

  it('reads the request schemas of every operation from the OpenAPI paths', () => {
    const names = schemas.map((schema) => schema.name)
    expect(names).toContain('POST /realtor-contacts body')
    expect(names).toContain('GET /home/list query')
    expect(names).toContain('POST /realtor/presigned-multi-file-upload body')
    expect(schemas.length).toBeGreaterThan(40)
  })

  it('has a label in both languages for every field a request schema names', () => {
    const names = new Set(schemas.flatMap(({ schema }) => fieldsOf(schema).map((field) => field.path.filter((step) => typeof step === 'string').at(-1))))
    const unlabelled = [...names].filter((name) => name !== undefined && !Object.hasOwn(FIELD_LABELS, name))
    expect(unlabelled).toEqual([])
  })

  it("answers every missing and wrong-typed field with our sentence naming it, never zod's, in Korean and English", () => {
    const findings = findingsOf(schemas, (schema, input, lang) =>
      Object.fromEntries(
        Object.entries(fieldErrorsOf(schema, input)).map(([field, messages]) => [
          field,
          messages.map((message) => ({ text: translateFieldMessage(message, (id, values) => translate(lang, id, values)), ours: typeof message !== 'string' })),
        ]),
      ),
    )
    expect(findings).toEqual([])
  })
})

describe('field errors of the forms in the browser (issue 48)', () => {
  it("words every issue of the forms' schemas in the page's language, never zod's sentences", () => {
    const findings = findingsOf(FORM_SCHEMAS, (schema, input, lang) => {
      const result = parseInWords(schema, input, (id, values) => translate(lang, id, values))
      const byField: Record<string, Array<{ text: string; ours: boolean }>> = {}
      // A form's own rules word themselves; only the label check needs to know which are ours.
      if (!result.success) for (const issue of result.issues) (byField[issue.path.join('.') || '_'] ??= []).push({ text: issue.message, ours: false })
      return byField
    })
    expect(findings).toEqual([])
  })
})
