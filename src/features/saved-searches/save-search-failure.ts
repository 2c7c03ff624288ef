/*
 * The API's refusal of a saved search (decision 011: `{ message, code, fieldErrors }`, already
 * in the visitor's language) sorted for the "Save this search" form, without zod: the form is
 * on the homepage's first download. Errors of the fields the visitor typed go beside them; those
 * of the hidden fields (the search itself, the consent version) go in the general message,
 * since the visitor cannot fix them in place.
 */

export const SAVE_SEARCH_FIELDS = ['email', 'name', 'frequency'] as const
export type SaveSearchField = (typeof SAVE_SEARCH_FIELDS)[number]

export type SaveSearchFailure = {
  /** The server's sentence, when it sent one. */
  message: string | undefined
  /** Each typed field's messages, by field. */
  fields: Partial<Record<SaveSearchField, Array<string>>>
  /** The hidden fields' messages, each once. */
  others: Array<string>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function fieldNamed(path: string): SaveSearchField | undefined {
  // A path may be dotted (`email.0`); its first segment names the field.
  const head = path.split('.')[0]
  return SAVE_SEARCH_FIELDS.find((field) => field === head)
}

export function parseSaveSearchFailure(body: unknown): SaveSearchFailure {
  const failure: SaveSearchFailure = { message: undefined, fields: {}, others: [] }
  if (!isRecord(body)) return failure
  if (typeof body.message === 'string' && body.message.trim() !== '') failure.message = body.message
  const fieldErrors = body.fieldErrors
  if (!isRecord(fieldErrors)) return failure
  for (const [path, raw] of Object.entries(fieldErrors)) {
    const messages = (Array.isArray(raw) ? raw : [raw]).filter((message): message is string => typeof message === 'string' && message !== '')
    if (messages.length === 0) continue
    const field = fieldNamed(path)
    if (field) failure.fields[field] = [...(failure.fields[field] ?? []), ...messages]
    else for (const message of messages) if (!failure.others.includes(message)) failure.others.push(message)
  }
  return failure
}
