import { msg } from '@lingui/core/macro'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import type { Lang } from '~/lib/lang'
import { AppError } from '~/server/app-error'
import { icsEvent } from '~/server/calendar/ics-event'
import { ADDRESS_COLUMNS, addressOf } from '~/server/listings/homes'
import { dependsOn, dependsUntil } from '~/server/pages/page-dependencies'
import type { AppServices } from '~/server/services'

/*
 * An open house as an iCalendar file (issue 26 item 5, decision 023), for the "Add to
 * calendar" link on a listing's page and card. Public and stored in the page store like the
 * other public reads: it changes with the listings and stops existing when the open house ends.
 * Times are written in UTC (`…Z`), which every calendar places correctly in the reader's own
 * zone; the page beside the link names the listing's zone.
 */

export type OpenHouseCalendarFile = { fileName: string; body: string }

const notFound = () => new AppError('NOT_FOUND', msg`This open house was not found`)

/** `.ics` ids are our UUIDs: anything else names nothing. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A UID stable for the life of the open house, the same in every file made of it (RFC 5545 §3.8.4.7). */
export function openHouseUid(id: string): string {
  return `open-house-${id}@realtor-homepage`
}

export async function openHouseCalendarFile(services: AppServices, id: string, lang: Lang): Promise<OpenHouseCalendarFile> {
  dependsOn('listings')
  if (!ID_PATTERN.test(id)) throw notFound()
  const now = services.now().toISOString()
  const row = await services.db
    .selectFrom('openHouse')
    .innerJoin('home', 'home.id', 'openHouse.homeId')
    .select([
      'openHouse.id',
      'openHouse.startsAt',
      'openHouse.endsAt',
      'openHouse.kind',
      'openHouse.remarks',
      'openHouse.updatedAt',
      'home.listingKey',
      ...ADDRESS_COLUMNS,
      'home.listOfficeName',
    ])
    .where('openHouse.id', '=', id)
    .where('openHouse.endsAt', '>', now)
    .where('home.isListed', '=', 1)
    .executeTakeFirst()
  if (!row) throw notFound()
  dependsUntil(row.endsAt)
  await loadCatalog(lang)
  const i18n = i18nFor(lang)
  const address = addressOf(row)
  const title = row.kind === 'virtual' ? i18n._(msg`Virtual open house: ${address}`) : i18n._(msg`Open house: ${address}`)
  const office = row.listOfficeName?.trim()
  const description = [row.remarks ?? '', i18n._(msg`Listing number ${row.listingKey}`), office ? i18n._(msg`Listed by ${office}`) : '']
    .filter((line) => line !== '')
    .join('\n')
  const body = openHouseIcsText({
    id: row.id,
    title,
    description,
    // MLS rule: a listing whose seller hid the address gets none in the calendar either.
    location: row.internetAddressDisplayYn === 1 ? address : undefined,
    start: row.startsAt,
    end: row.endsAt,
    updatedAt: row.updatedAt,
  })
  return { fileName: `open-house-${row.listingKey.replace(/[^A-Za-z0-9._-]/g, '')}.ics`, body }
}

/** The VCALENDAR of one open house: times in UTC, a UID stable for its life, no location when none is given, lines folded by octets. */
export function openHouseIcsText(event: {
  id: string
  title: string
  description: string
  location: string | undefined
  start: string
  end: string
  updatedAt: string
}): string {
  return icsEvent({
    productId: '-//Realtor Home//Open houses//EN',
    method: 'PUBLISH',
    uid: openHouseUid(event.id),
    title: event.title,
    description: event.description,
    ...(event.location ? { location: event.location } : {}),
    start: Date.parse(event.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(event.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    lastModified: Date.parse(event.updatedAt),
    status: 'CONFIRMED',
    busyStatus: 'FREE',
  })
}
