import { sql } from 'kysely'
import { homeListQuerySchema, LISTING_TYPES, type HomeListQuery, type SimilarHomes, type SimilarHomesRequest } from '~/schemas/home'
import { dependsOn } from '~/server/pages/page-dependencies'
import { openHousesForHomes, realtorIdByDesiredUrl } from '~/server/open-houses/open-house-store'
import type { AppServices } from '~/server/services'
import { imagesFor, matching, SUMMARY_COLUMNS, sourcesOf, toSummary, type SummaryRow } from './homes'

/*
 * The homes a visitor is offered where a listing is gone (issue 51 item 2, decision 061): an old
 * link from a KakaoTalk chat should lead on to homes like it on the same realtor's site, not to
 * a dead end. Like it: listed and active, in the same city, of the same kind (sale or rent, and
 * sub-type), its price within SIMILAR_PRICE_BAND of the gone one's, the nearest price first.
 * Fewer than SIMILAR_HOMES_SHOWN of those: the rest from the same city and kind at any price and
 * sub-type. A key we never had (or cannot show) has no price to be near: the realtor's first
 * region's newest homes.
 */

export const SIMILAR_HOMES_SHOWN = 3
/** ±25 %: a buyer's range once a home they liked is gone (a $1.2M home: $900K–$1.5M). */
export const SIMILAR_PRICE_BAND = 0.25

type Anchor = { state: string; city: string; type: HomeListQuery['type']; subType: string | null; price: number | null }

export async function similarHomes(services: AppServices, request: SimilarHomesRequest): Promise<SimilarHomes> {
  dependsOn('listings')
  const { db } = services
  const gone =
    request.listingKey.length > 0
      ? await db
          .selectFrom('home')
          .select(['id', 'city', 'stateOrProvince', 'listingType', 'propertySubType', 'listPrice', 'isListed', 'retiredAt'])
          .where('listingKey', '=', request.listingKey)
          .executeTakeFirst()
      : undefined
  // A listing the MLS keeps off the internet (never retired) is as unknown to a visitor as a key we never had.
  const retired = gone !== undefined && gone.retiredAt !== null
  const anchor: Anchor | undefined =
    gone && Number(gone.isListed) !== 1
      ? {
          state: gone.stateOrProvince,
          city: gone.city,
          type: LISTING_TYPES.find((type) => type === gone.listingType) ?? 'sale',
          subType: gone.propertySubType,
          price: Number(gone.listPrice),
        }
      : await regionAnchor(services, request.desiredUrl)
  const rows = anchor ? await similarRows(services, anchor, request.listingKey) : []
  const homeIds = rows.map((row) => row.id)
  const [images, openHouses] = await Promise.all([
    imagesFor(db, services.storage, homeIds),
    openHousesForHomes(db, homeIds, { realtorId: await realtorIdByDesiredUrl(db, request.desiredUrl), now: services.now() }),
  ])
  const link = { realtor: request.desiredUrl, lang: request.lang }
  return {
    retired,
    homes: rows.map((row) => toSummary(row, images.get(row.id) ?? [], link, openHouses.get(row.id) ?? [])),
    sources: await sourcesOf(
      db,
      services.config.displayProfiles,
      rows.map((row) => row.source),
    ),
  }
}

/** The realtor's first region, where their homepage's list starts: homes for sale of any kind, newest first. */
async function regionAnchor(services: AppServices, desiredUrl: string): Promise<Anchor | undefined> {
  const region = await services.db
    .selectFrom('activityRegion')
    .innerJoin('realtor', 'realtor.id', 'activityRegion.realtorId')
    .select(['activityRegion.state', 'activityRegion.city'])
    .where('realtor.desiredUrlKey', '=', desiredUrl.toLowerCase())
    .orderBy('activityRegion.sortOrder')
    .executeTakeFirst()
  return region ? { state: region.state, city: region.city, type: 'sale', subType: null, price: null } : undefined
}

/** The list query of `home/list` for the anchor's city and kind (active only); undefined for a place the list cannot ask for. */
function listQuery(anchor: Anchor, price?: { min: number; max: number }): HomeListQuery | undefined {
  const parsed = homeListQuerySchema.safeParse({
    state: anchor.state,
    city: anchor.city,
    type: anchor.type,
    propertyType: 'any',
    propertyStatus: 'active',
    sort: 'price_asc',
    ...(price ? { minPrice: price.min, maxPrice: price.max } : {}),
  })
  return parsed.success ? parsed.data : undefined
}

async function similarRows(services: AppServices, anchor: Anchor, excludedKey: string) {
  const { db } = services
  const chosen: Array<SummaryRow> = []
  const { price, subType } = anchor
  // The nearest price first, the id breaking ties so the same homes come back every time.
  const pick = (query: HomeListQuery, sameSubType: boolean) =>
    matching(db, query, services.now())
      .select(SUMMARY_COLUMNS)
      .where('home.listingKey', '!=', excludedKey)
      .$if(sameSubType && subType !== null, (q) => q.where('home.propertySubType', '=', subType ?? ''))
      .$if(chosen.length > 0, (q) =>
        q.where(
          'home.id',
          'not in',
          chosen.map((row) => row.id),
        ),
      )
      .$if(price !== null, (q) => q.orderBy(sql`abs(${sql.ref('home.list_price')} - ${Math.round(price ?? 0)})`))
      .$if(price === null, (q) => q.orderBy('home.onMarketDate', 'desc'))
      .orderBy('home.id')
      .limit(SIMILAR_HOMES_SHOWN - chosen.length)
      .execute()
  const banded =
    price !== null ? listQuery(anchor, { min: Math.floor(price * (1 - SIMILAR_PRICE_BAND)), max: Math.ceil(price * (1 + SIMILAR_PRICE_BAND)) }) : undefined
  if (banded) chosen.push(...(await pick(banded, true)))
  const anyPrice = listQuery(anchor)
  if (chosen.length < SIMILAR_HOMES_SHOWN && anyPrice) chosen.push(...(await pick(anyPrice, false)))
  return chosen
}
