import { msg } from '@lingui/core/macro'
import { LRUCache } from 'lru-cache'
import type { IssueMessage } from '~/lib/errors'
import { fieldLabel } from '~/schemas/field-labels'
import { AppError } from '~/server/app-error'
import type { RevisionSnapshot } from '~/server/pages/revisions'
import type { AppServices } from '~/server/services'

/*
 * A valuation's city and ZIP must fit together (issue 48 item 4): "Fresno" with Irvine's 92604
 * answered an Irvine estimate whose comparables were all "same ZIP". Whether a ZIP is in a city
 * is judged by the listings the app holds (decision 027): a ZIP for which we hold homes is in
 * the cities those homes name, in any case; a ZIP we hold no home in is not judged, as nothing
 * says where it is. No ZIP table package is used: the maintained ones give each ZIP one
 * "primary" city, which would refuse the other names the postal service accepts for it.
 */

export type ZipCities = {
  /** The cities (lower case) the homes of the ZIP name. */
  keys: ReadonlySet<string>
  /** Their names as the feed spells them, most homes first. */
  names: readonly string[]
}

/** ZIPs whose cities a process keeps: a few hundred bytes each. */
const CACHED_ZIPS = 4096

/** At most this many cities are named in the message (a ZIP rarely spans more). */
const NAMED_CITIES = 3

const zipCaches = new WeakMap<AppServices, LRUCache<string, Promise<ZipCities>>>()

/**
 * The cities of a ZIP's homes, read once per listings revision (as the valuation's candidates
 * are, value-home.ts): listings change only with an import or the seed, which moves that revision.
 * Homes listed on the internet only, so the read is a range of the ZIP index (migration 0028).
 */
export async function citiesOfZip(services: AppServices, { listings }: RevisionSnapshot, postalCode: string): Promise<ZipCities> {
  let cache = zipCaches.get(services)
  if (!cache) {
    cache = new LRUCache({ max: CACHED_ZIPS })
    zipCaches.set(services, cache)
  }
  const zip = postalCode.trim().slice(0, 5)
  const key = `${listings}\n${zip}`
  const cached = cache.get(key)
  if (cached) return cached
  const reading = services.db
    .selectFrom('home')
    .select(['cityKey', 'city', (eb) => eb.fn.countAll<number | string | bigint>().as('homes')])
    .where('isListed', '=', 1)
    .where('postalCode', '=', zip)
    .groupBy(['cityKey', 'city'])
    .execute()
    .then((rows) => {
      const byCount = rows
        .map((row) => ({ key: row.cityKey, name: row.city.trim(), homes: Number(row.homes) }))
        .sort((a, b) => b.homes - a.homes || a.name.localeCompare(b.name))
      const names: string[] = []
      const keys = new Set<string>()
      for (const row of byCount) {
        if (keys.has(row.key)) continue
        keys.add(row.key)
        names.push(row.name)
      }
      return { keys, names }
    })
  cache.set(key, reading)
  // A failed read is not kept: the next answer reads again.
  reading.catch(() => cache.delete(key))
  return reading
}

/** Throws a 400 with a field error on `postalCode` when the ZIP's homes are all in other cities than `city`. */
export async function assertZipInCity(services: AppServices, revisions: RevisionSnapshot, request: { city: string; postalCode: string }): Promise<void> {
  const known = await citiesOfZip(services, revisions, request.postalCode)
  const city = request.city.trim()
  if (known.keys.size === 0 || known.keys.has(city.toLowerCase())) return
  const zip = request.postalCode.trim().slice(0, 5)
  // Put into words where it is shown, in the reader's language (decision 054); city names are
  // the listings' own, the same in both languages.
  const cities = known.names.slice(0, NAMED_CITIES).join(', ')
  const message: IssueMessage = {
    id: msg`ZIP code ${zip} is in ${cities}, not in ${city}. Check the city or the ZIP code.`.id,
    label: fieldLabel(['postalCode']).id,
    values: { zip, cities, city },
  }
  throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, { fieldErrors: { postalCode: [message] } })
}
