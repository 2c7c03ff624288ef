import type { Lang } from './lang'

/*
 * A visitor's form sent with scripts (saving a search, requesting a tour): the same fields the
 * form posts without scripts, as JSON to the same API action, and the API's refusal (decision
 * 011: `{ message, code, fieldErrors }`, already in the visitor's language) sorted for the
 * form. Without zod: these forms are on a public page's first download. Errors of the fields
 * the visitor typed go beside them; those of the hidden fields (the search itself, the consent
 * version) go in the general message, since the visitor cannot fix them in place.
 */

export type FormFailure<Field extends string> = {
  /** The server's sentence, when it sent one. */
  message: string | undefined
  /** Each typed field's messages, by field. */
  fields: Partial<Record<Field, Array<string>>>
  /** The hidden fields' messages, each once. */
  others: Array<string>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The API's refusal by field; `fieldOf` names the form's field for an error's path (`email`, `slots.1`), or none. */
export function sortFormFailure<Field extends string>(body: unknown, fieldOf: (path: string) => Field | undefined): FormFailure<Field> {
  const failure: FormFailure<Field> = { message: undefined, fields: {}, others: [] }
  if (!isRecord(body)) return failure
  if (typeof body.message === 'string' && body.message.trim() !== '') failure.message = body.message
  const fieldErrors = body.fieldErrors
  if (!isRecord(fieldErrors)) return failure
  for (const [path, raw] of Object.entries(fieldErrors)) {
    const messages = (Array.isArray(raw) ? raw : [raw]).filter((message): message is string => typeof message === 'string' && message !== '')
    if (messages.length === 0) continue
    const field = fieldOf(path)
    if (field) failure.fields[field] = [...(failure.fields[field] ?? []), ...messages]
    else for (const message of messages) if (!failure.others.includes(message)) failure.others.push(message)
  }
  return failure
}

/** The field a path names when its first segment (`email.0` → `email`) is one of `fields`. */
export function fieldByHead<Field extends string>(fields: ReadonlyArray<Field>): (path: string) => Field | undefined {
  return (path) => {
    const head = path.split('.')[0]
    return fields.find((field) => field === head)
  }
}

/** `sent` carries the server's receipt (its JSON, unread here; null when it sent none). */
export type VisitorPostOutcome<Field extends string> =
  { kind: 'sent'; receipt: unknown } | { kind: 'refused'; failure: FormFailure<Field> } | { kind: 'unreachable' }

/** The fields as JSON to an API action, in the visitor's language; undefined when the server cannot be reached. */
async function sendAsJson(action: string, body: object, lang: Lang): Promise<Response | undefined> {
  try {
    return await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': lang },
      body: JSON.stringify(body),
    })
  } catch {
    return undefined
  }
}

async function refusal<Field extends string>(response: Response, fieldOf: (path: string) => Field | undefined): Promise<FormFailure<Field>> {
  return sortFormFailure(await response.json().catch(() => null), fieldOf)
}

/** Posts the form's fields as JSON in the visitor's language; `accepted` is the status that means it was taken. */
export async function postVisitorForm<Field extends string>(
  action: string,
  body: object,
  request: { lang: Lang; accepted: number; fieldOf: (path: string) => Field | undefined },
): Promise<VisitorPostOutcome<Field>> {
  const response = await sendAsJson(action, body, request.lang)
  if (!response) return { kind: 'unreachable' }
  if (response.status === request.accepted) return { kind: 'sent', receipt: await response.json().catch(() => null) }
  return { kind: 'refused', failure: await refusal(response, request.fieldOf) }
}

export type VisitorQuestionOutcome<Field extends string, Answer> =
  { kind: 'answered'; answer: Answer } | { kind: 'refused'; failure: FormFailure<Field> } | { kind: 'unreachable' }

/**
 * Asks an API action that answers with data (the home-value page's estimate): the answer as
 * `readAnswer` finds it, the refusal sorted as a form's, or unreachable, also when a 2xx
 * carried no answer `readAnswer` accepts (a proxy's page, say).
 */
export async function askVisitorApi<Field extends string, Answer>(
  action: string,
  body: object,
  request: { lang: Lang; fieldOf: (path: string) => Field | undefined; readAnswer: (json: unknown) => Answer | undefined },
): Promise<VisitorQuestionOutcome<Field, Answer>> {
  const response = await sendAsJson(action, body, request.lang)
  if (!response) return { kind: 'unreachable' }
  if (!response.ok) return { kind: 'refused', failure: await refusal(response, request.fieldOf) }
  const answer = request.readAnswer(await response.json().catch(() => undefined))
  return answer === undefined ? { kind: 'unreachable' } : { kind: 'answered', answer }
}
