/*
 * Intl.DateTimeFormat objects, made once per locale and options. Constructing one loads the
 * locale's calendar and time-zone data, which on a phone (Lighthouse's 4× slower CPU) costs
 * several milliseconds each; a homepage formatting every review's date and every listing
 * source's "last updated" time built a new one per call, inside hydration's long task.
 */

const formats = new Map<string, Intl.DateTimeFormat>()

/** The same object for the same locale and options, for the life of the page or process. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}
