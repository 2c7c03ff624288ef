/**
 * An absolute http(s) URL with neither query nor fragment, parsed; undefined for anything else
 * (not a URL, another scheme, `?…` or `#…`). What names a stored file by its path alone: a query
 * or fragment would mean the address is not the file's own.
 */
export function plainHttpUrl(value: string): URL | undefined {
  let parsed: URL
  try {
    parsed = new URL(value)
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined
  return parsed.search === '' && parsed.hash === '' ? parsed : undefined
}
