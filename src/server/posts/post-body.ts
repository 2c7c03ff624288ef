import type { AppServices } from '~/server/services'
import { uploadFolderOf } from '~/server/uploads/storage'
import { sanitizePostBody, sanitizePostHtml, type SanitizedPostHtml } from './post-html'
import { shownImageSource, storedImageSource } from './post-images'

/*
 * A post body on its three ways (decision 053): in (a write: the sanitiser with the write's
 * image rule), out to visitors (a page, the feed: the same sanitiser again, with the read's
 * image rule, so a body stored under older rules is shown under today's), and back to its
 * writer (the API: as stored, its uploads at the store's address of the moment).
 */

type RealtorSite = { hompageUrl: string | null }

/** The origins that are the realtor's own site: links there are not marked nofollow. */
export function ownOriginsOf(services: Pick<AppServices, 'config'>, realtor: RealtorSite): Array<string> {
  const origins: Array<string> = []
  for (const url of [services.config.publicUrl, realtor.hompageUrl]) {
    if (!url) continue
    try {
      origins.push(new URL(url).origin)
    } catch {
      // Not a URL: nothing to compare links with.
    }
  }
  return origins
}

/**
 * A body as a write stores it. Its images must be uploads of the page's account or of the
 * account saving it (an admin), as for the page's photos (stored-photos.ts).
 */
export function storedPostBody(
  services: Pick<AppServices, 'config' | 'storage'>,
  realtor: RealtorSite & { userId: string },
  writerId: string,
  html: string,
): SanitizedPostHtml {
  const folders = [...new Set([realtor.userId, writerId])].map((userId) => uploadFolderOf(services.config.signingSecret, userId))
  return sanitizePostBody(html, { ownOrigins: ownOriginsOf(services, realtor), imageSource: storedImageSource(services.storage, folders) })
}

/** A stored body as visitors get it; `absoluteOrigin` for a reader outside the site (the feed). */
export function shownPostBody(
  services: Pick<AppServices, 'config' | 'storage'>,
  realtor: RealtorSite,
  html: string,
  options: { absoluteOrigin?: string } = {},
): string {
  return sanitizePostHtml(html, { ownOrigins: ownOriginsOf(services, realtor), imageSource: shownImageSource(services.storage), ...options })
}

/**
 * A stored body as the API answers it: untouched but for its images' addresses, which clients
 * get whole (as every photo URL, spec §7) and send back whole; the next write stores them by path.
 * The API lists up to a thousand posts, so this is no second parse: a stored body is the
 * sanitiser's output, which writes every attribute double-quoted with `"`, `<` and `>` escaped
 * inside (cleanup.ts reads its images the same way), so an `<img …>` ends at its first `>`.
 */
export function answeredPostBody(storage: AppServices['storage'], html: string): string {
  if (!html.includes('<img')) return html
  const source = shownImageSource(storage)
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    const found = /\ssrc="([^"]*)"/.exec(tag)
    const src = found?.[1] === undefined ? undefined : source(found[1].replace(/&amp;/g, '&'))
    if (src === undefined) return ''
    return tag.replace(/\ssrc="[^"]*"/, ` src="${src.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
  })
}
