/**
 * A realtor's own domain shows their homepage at `/` and `/en` (issue 4). Inside the app the
 * page still lives at `/{desiredUrl}`; these two functions translate between the public path
 * on the own domain and the router's path, in both directions, so every link stays on the
 * realtor's domain. Machine paths (API, uploads, build files) are never touched.
 */
const MACHINE_SEGMENTS = new Set([
  'cozying-api',
  'api',
  'uploads',
  'listing-photos',
  'map-data',
  'builds',
  'assets',
  '_serverFn',
  '_server',
  '_build',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'favicon.svg',
  'fonts',
  '.well-known',
])

/** The name of the `<meta>` that tells the browser which realtor an own domain shows. */
export const OWN_DOMAIN_META = 'realtor-own-domain'

function splitLang(pathname: string): { prefix: '' | '/en'; rest: string } {
  if (pathname === '/en' || pathname.startsWith('/en/')) return { prefix: '/en', rest: pathname.slice(3) || '/' }
  return { prefix: '', rest: pathname || '/' }
}

/** `/` → `/{desiredUrl}`, `/en/homes/1` → `/en/{desiredUrl}/homes/1`. */
export function toInternalPath(pathname: string, desiredUrl: string): string {
  const first = pathname.split('/')[1] ?? ''
  if (MACHINE_SEGMENTS.has(first)) return pathname
  const { prefix, rest } = splitLang(pathname)
  const restFirst = rest.split('/')[1] ?? ''
  if (restFirst.toLowerCase() === desiredUrl.toLowerCase()) return pathname
  return `${prefix}/${desiredUrl}${rest === '/' ? '' : rest}`
}

/** The inverse: `/en/{desiredUrl}/agreement` → `/en/agreement`; other paths unchanged. */
export function toPublicPath(pathname: string, desiredUrl: string): string {
  const { prefix, rest } = splitLang(pathname)
  const segments = rest.split('/')
  if ((segments[1] ?? '').toLowerCase() !== desiredUrl.toLowerCase()) return pathname
  const remainder = `/${segments.slice(2).join('/')}`
  if (remainder === '/') return prefix || '/'
  return `${prefix}${remainder}`
}

export function ownDomainRewrite(desiredUrl: string) {
  return {
    input: ({ url }: { url: URL }) => {
      url.pathname = toInternalPath(url.pathname, desiredUrl)
      return url
    },
    output: ({ url }: { url: URL }) => {
      url.pathname = toPublicPath(url.pathname, desiredUrl)
      return url
    },
  }
}
