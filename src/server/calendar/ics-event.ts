import { createEvent, createEvents, type EventAttributes, type HeaderAttributes } from 'ics'

/*
 * Every `.ics` the app makes (open houses, tour invitations and cancellations) goes through
 * here (issue 48 item 3). The `ics` library folds a line every 75 characters, not every 75
 * octets: a Korean title or address (3 octets a syllable) made lines of up to 225 octets, which
 * RFC 5545 §3.1 forbids ("SHOULD NOT be longer than 75 octets, excluding the line break") and
 * which strict readers (some mail gateways, older Outlook) cut or refuse. So the library's
 * folding is undone and each content line folded again by octets of UTF-8.
 */

/** RFC 5545 §3.1: at most 75 octets a line, the line break not counted. */
export const ICS_LINE_OCTETS = 75

const utf8 = new TextEncoder()
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

function octets(text: string): number {
  return utf8.encode(text).length
}

/**
 * The pieces a line may be cut between: its graphemes, so a letter and its combining marks (or a
 * Hangul syllable written as jamo, an emoji sequence) stay on one line; a grapheme too long for a
 * line of its own is cut between its code points instead, which keeps every line valid UTF-8.
 */
function* pieces(line: string): Generator<{ text: string; octets: number }> {
  for (const { segment } of graphemes.segment(line)) {
    const size = octets(segment)
    if (size <= ICS_LINE_OCTETS - 1) {
      yield { text: segment, octets: size }
      continue
    }
    for (const codePoint of segment) yield { text: codePoint, octets: octets(codePoint) }
  }
}

/**
 * One content line folded by octets: a CRLF and one space before each continuation, whose
 * leading space counts in its 75 octets (§3.1: unfolding removes the CRLF and that one space).
 */
export function foldIcsLine(line: string): string {
  if (octets(line) <= ICS_LINE_OCTETS) return line
  const lines: string[] = []
  let current = ''
  let used = 0
  for (const piece of pieces(line)) {
    if (used + piece.octets > ICS_LINE_OCTETS) {
      lines.push(current)
      current = ' '
      used = 1
    }
    current += piece.text
    used += piece.octets
  }
  lines.push(current)
  return lines.join('\r\n')
}

/** Undoes any folding (§3.1: a line break followed by one space or tab continues the line). */
export function unfoldIcs(text: string): string {
  return text.replace(/\r?\n[ \t]/g, '')
}

/** A whole calendar with every content line folded by octets and ended by CRLF. */
export function foldIcs(text: string): string {
  const lines = unfoldIcs(text)
    .split(/\r?\n/)
    .filter((line) => line !== '')
  return lines.map(foldIcsLine).join('\r\n') + '\r\n'
}

/**
 * A name as a quoted parameter value (`CN="…"`). RFC 5545 §3.1 allows neither a double quote nor
 * a control character there, and the library writes `"` as `\"`, which is no escape: the quote
 * ends the value, and a visitor's name could add parameters or change the invited address.
 */
function parameterText(value: string): string {
  return value.replace(/"/g, "'").replace(/\p{Cc}+/gu, ' ')
}

/** A text value with every line break as `\n`: the library escapes `\r\n` and `\n`, not a lone `\r`. */
function textValue(value: string | undefined): string | undefined {
  return value?.replace(/\r\n?/g, '\n')
}

/** What a visitor or a realtor typed, made safe for the library's writing of it (see above). */
function typedValuesCleaned(attributes: EventAttributes): EventAttributes {
  const { organizer, attendees } = attributes
  return {
    ...attributes,
    title: textValue(attributes.title),
    description: textValue(attributes.description),
    location: textValue(attributes.location),
    organizer: organizer && { ...organizer, name: organizer.name === undefined ? undefined : parameterText(organizer.name) },
    attendees: attendees?.map((attendee) => ({ ...attendee, name: attendee.name === undefined ? undefined : parameterText(attendee.name) })),
  }
}

/**
 * A VCALENDAR of one event, made by the `ics` library and folded by octets. Only our own data
 * goes in, checked before: a refusal is a bug, not bad input, so it is thrown.
 */
export function icsEvent(attributes: EventAttributes): string {
  const { error, value } = createEvent(typedValuesCleaned(attributes))
  if (error || !value) throw new Error('The calendar event could not be made', { cause: error })
  return foldIcs(value)
}

/** A VCALENDAR of several events (a tour request's times), made and folded as `icsEvent`. */
export function icsEvents(events: Array<EventAttributes>, header: HeaderAttributes): string {
  const { error, value } = createEvents(events.map(typedValuesCleaned), header)
  if (error || !value) throw new Error('The calendar events could not be made', { cause: error })
  return foldIcs(value)
}
