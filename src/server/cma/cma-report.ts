import { msg } from '@lingui/core/macro'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { DEFAULT_DISCLAIMER_EN, DEMO_DISCLAIMER_EN, defaultDisclaimerMessage, demoDisclaimerMessage } from '~/lib/listing-disclaimers'
import { formatPhoneInternational } from '~/lib/phone'
import { realtorDisplayName } from '~/lib/realtor-names'
import { CMA_ADJUSTMENT_FEATURES, type CmaComparable } from '~/schemas/cma/cma'
import type { CmaReport, CmaReportAdjustment, CmaReportComparable } from '~/schemas/cma/cma-report'
import type { ListingSource } from '~/schemas/listing-source'
import type { Actor } from '~/server/auth/actor'
import { listingSourceOf } from '~/server/listings/display-profile'
import { lastRunsOf } from '~/server/listings/home-store'
import { readMarketReport } from '~/server/market/market-reports'
import type { AppServices } from '~/server/services'
import { photoUrlOf } from '~/server/uploads/photo-address'
import { rangeBasisOf } from './cma-adjustments'
import { managedCma, readCmaComparables, storedSubject } from './cmas'

/*
 * The report view model (issue 53 part 2): what the share page and the PDF both render, made here
 * once in one language. The picked comparables only, best match first. A comparable whose MLS
 * withholds its address carries no address and no distance (its stored row has none either).
 */

type CmaRowForReport = Awaited<ReturnType<typeof managedCma>>

function reportAdjustments(comparable: CmaComparable): Array<CmaReportAdjustment> {
  const lines: Array<CmaReportAdjustment> = CMA_ADJUSTMENT_FEATURES.map((feature) => ({ feature, label: null, amount: comparable.adjustments[feature] }))
  lines.push({ feature: 'other', label: comparable.adjustments.other.label || null, amount: comparable.adjustments.other.amount })
  return lines.filter((line) => line.amount !== 0)
}

function reportComparable(comparable: CmaComparable): CmaReportComparable {
  const facts = {
    status: comparable.status,
    basis: comparable.basis,
    price: comparable.price,
    date: comparable.date,
    city: comparable.city,
    beds: comparable.beds,
    baths: comparable.baths,
    livingArea: comparable.livingArea,
    yearBuilt: comparable.yearBuilt,
    lotSizeSquareFeet: comparable.lotSizeSquareFeet,
    photoUrl: comparable.photoUrl,
    adjustments: reportAdjustments(comparable),
    adjustedPrice: comparable.adjustedPrice,
    matchScore: comparable.matchScore,
  }
  return comparable.address === null
    ? { ...facts, address: null, distanceMiles: null }
    : { ...facts, address: comparable.address, distanceMiles: comparable.distanceMiles }
}

/** The MLS's disclaimer in the report's language: the English original is authoritative, a Korean report shows its rendering first. */
function disclaimerIn(source: ListingSource, lang: 'ko' | 'en'): string {
  const i18n = i18nFor(lang)
  if (source.disclaimer) return lang === 'ko' && source.disclaimerKo ? `${source.disclaimerKo}\n${source.disclaimer}` : source.disclaimer
  const english = source.isDemo ? DEMO_DISCLAIMER_EN : DEFAULT_DISCLAIMER_EN.replace('{mls}', source.mlsName)
  if (lang === 'en') return english
  return `${i18n._(source.isDemo ? demoDisclaimerMessage : defaultDisclaimerMessage(source.mlsName))}\n${english}`
}

/** The source of the comparables' listings (the first picked one's that is still held), else the demo's. */
async function reportSource(services: AppServices, listingKeys: ReadonlyArray<string>): Promise<ListingSource> {
  const home =
    listingKeys.length === 0
      ? undefined
      : await services.db
          .selectFrom('home')
          .select('source')
          .where('listingKey', 'in', [...listingKeys])
          .limit(1)
          .executeTakeFirst()
  const source = home?.source ?? 'demo'
  const lastRuns = await lastRunsOf(services.db, [source])
  return listingSourceOf(services.config.displayProfiles, source, lastRuns.get(source) ?? null)
}

/** The report of a CMA row, in `lang`. */
export async function reportOfCma(services: AppServices, cma: CmaRowForReport, lang: 'ko' | 'en'): Promise<CmaReport> {
  await loadCatalog(lang)
  const i18n = i18nFor(lang)
  const subject = storedSubject(cma.subject)
  const [comparables, realtor, photos] = await Promise.all([
    readCmaComparables(services, cma.id),
    services.db
      .selectFrom('realtor')
      .select([
        'desiredUrl',
        'displayNameKo',
        'displayNameEn',
        'email',
        'contactPhone',
        'phoneCountryCode',
        'designMainColor',
        'licenseNumber',
        'brokerageName',
        'brokerageLicenseNumber',
        'brokerageAddress',
      ])
      .where('id', '=', cma.realtorId)
      .executeTakeFirstOrThrow(),
    services.db
      .selectFrom('realtorPhoto')
      .select(['path', 'url', 'imageType', 'sortOrder'])
      .where('realtorId', '=', cma.realtorId)
      .where('path', 'in', ['id', 'logo'])
      .orderBy('sortOrder')
      .execute(),
  ])
  const picked = comparables.filter((home) => home.picked)
  // A full-size picture where there is one: the PDF prints it larger than a thumbnail.
  const photoAt = (path: string) => {
    const ofPath = photos.filter((photo) => photo.path === path)
    const best = ofPath.find((photo) => photo.imageType === 'fullsize') ?? ofPath[0]
    return best ? photoUrlOf(services.storage, best.url) : null
  }
  const [trend, source] = await Promise.all([
    readMarketReport(services, { stateOrProvince: subject.state, cityKey: subject.city.trim().toLowerCase() }),
    reportSource(
      services,
      picked.map((home) => home.listingKey),
    ),
  ])
  const low = cma.recommendedLow === null ? null : Number(cma.recommendedLow)
  const high = cma.recommendedHigh === null ? null : Number(cma.recommendedHigh)
  return {
    lang,
    asOf: cma.updatedAt.slice(0, 10),
    realtor: {
      name: realtorDisplayName(realtor, lang),
      desiredUrl: realtor.desiredUrl,
      photoUrl: photoAt('id'),
      logoUrl: photoAt('logo'),
      color: realtor.designMainColor,
      email: realtor.email,
      // With its country code: the seller may read the report abroad (decision 070).
      phone: realtor.contactPhone ? formatPhoneInternational(realtor.contactPhone, realtor.phoneCountryCode) : null,
      licenseNumber: realtor.licenseNumber,
      brokerageName: realtor.brokerageName,
      brokerageLicenseNumber: realtor.brokerageLicenseNumber,
      brokerageAddress: realtor.brokerageAddress,
    },
    subject: {
      street: subject.street,
      city: subject.city,
      state: subject.state,
      postalCode: subject.postalCode,
      propertyType: subject.propertyType,
      beds: subject.beds,
      baths: subject.baths,
      livingArea: subject.livingArea,
      yearBuilt: subject.yearBuilt ?? null,
    },
    comparables: picked.map(reportComparable),
    trend: trend
      ? {
          city: trend.city,
          state: trend.state,
          months: trend.trend.map((month) => ({
            month: month.month,
            medianListPrice: month.medianListPrice,
            medianPricePerSquareFoot: month.medianPricePerSquareFoot,
            activeCount: month.activeCount,
            soldCount: month.soldCount,
          })),
        }
      : null,
    recommended: low !== null && high !== null ? { low, high } : null,
    rangeBasis: rangeBasisOf(comparables),
    note: cma.note,
    disclosures: {
      mlsName: source.mlsName,
      disclaimer: disclaimerIn(source, lang),
      equalHousing: i18n._(msg`Equal Housing Opportunity. This analysis is an opinion of market value for pricing a listing, not an appraisal.`),
      isDemo: source.isDemo,
    },
  }
}

/** The report view model of one of the realtor's own CMAs (the PDF, the workspace's preview). */
export async function getCmaReport(services: AppServices, actor: Actor, id: string, lang: 'ko' | 'en'): Promise<CmaReport> {
  return reportOfCma(services, await managedCma(services, actor, id), lang)
}
