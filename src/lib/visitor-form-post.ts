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

export type VisitorPostOutcome<Field extends string> = { kind: 'sent' } | { kind: 'refused'; failure: FormFailure<Field> } | { kind: 'unreachable' }

/** Posts the form's fields as JSON in the visitor's language; `accepted` is the status that means it was taken. */
export async function postVisitorForm<Field extends string>(
  action: string,
  body: object,
  request: { lang: Lang; accepted: number; fieldOf: (path: string) => Field | undefined },
): Promise<VisitorPostOutcome<Field>> {
  try {
    const response = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': request.lang },
      body: JSON.stringify(body),
    })
    if (response.status === request.accepted) return { kind: 'sent' }
    return { kind: 'refused', failure: sortFormFailure(await response.json().catch(() => null), request.fieldOf) }
  } catch {
    return { kind: 'unreachable' }
  }
}
