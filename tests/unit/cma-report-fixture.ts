import sharp from 'sharp'
import { CMA_FIXTURE_SUBJECT, cmaFixtureRealtor } from '../../scripts/cma-fixture'
import type { CmaReport, CmaReportComparable } from '../../src/schemas/cma/cma-report'

/*
 * A CMA report view model as the server makes it, for the PDF's unit test and its benchmark:
 * ten picked comparables with photos (one of them with an address its MLS withholds), a city's
 * twelve months, a recommended range and a note.
 */

export const HIDDEN_STREET = '77 Secret Garden Way'

export function reportFixture(lang: 'ko' | 'en', count = 10): CmaReport {
  const comparables: Array<CmaReportComparable> = Array.from({ length: count }, (_, index) => {
    const facts = {
      status: index % 3 === 0 ? ('sold' as const) : index % 3 === 1 ? ('active' as const) : ('pending' as const),
      basis: index % 3 === 0 ? ('sold' as const) : ('listed' as const),
      price: 1_000_000 + index * 15_000,
      date: `2026-0${(index % 9) + 1}-15`,
      city: 'Irvine',
      beds: 3 + (index % 2),
      baths: 2,
      livingArea: 1900 + index * 40,
      yearBuilt: 1995 + index,
      lotSizeSquareFeet: 5000 + index * 100,
      photoUrl: `https://photos.example/${index}.jpg`,
      adjustments: [
        { feature: 'size' as const, label: null, amount: 12_300 - index * 2_000 },
        { feature: 'age' as const, label: null, amount: -4_000 },
        ...(index === 2 ? [{ feature: 'other' as const, label: 'New roof', amount: -15_000 }] : []),
      ],
      adjustedPrice: 1_008_300 + index * 13_000,
      matchScore: 96 - index * 3,
    }
    // The fourth comparable's MLS withholds its address: the view model has none to print.
    return index === 3
      ? { ...facts, address: null, distanceMiles: null }
      : { ...facts, address: `${100 + index} Comparable Ct`, distanceMiles: 0.4 + index / 10 }
  })
  return {
    lang,
    asOf: '2026-11-20',
    realtor: cmaFixtureRealtor(lang, { photoUrl: 'https://photos.example/realtor.jpg', logoUrl: 'https://photos.example/logo.png' }),
    subject: CMA_FIXTURE_SUBJECT,
    comparables,
    trend: {
      city: 'Irvine',
      state: 'CA',
      months: Array.from({ length: 12 }, (_, index) => ({
        month: new Date(Date.UTC(2025, 11 + index, 1)).toISOString().slice(0, 7),
        medianListPrice: 1_100_000 + index * 8_000,
        medianPricePerSquareFoot: 600 + index * 3,
        activeCount: 120 + index,
        soldCount: 40 + index,
      })),
    },
    recommended: { low: 1_040_000, high: 1_090_000 },
    rangeBasis: { pickedCount: count, adjustedLow: 1_008_300, adjustedMedian: 1_066_800, adjustedHigh: 1_125_300 },
    note: lang === 'ko' ? '주방을 새로 고친 점을 감안해 범위의 위쪽을 권합니다.' : 'With the new kitchen, I suggest listing near the top of the range.',
    disclosures: {
      mlsName: 'Demo MLS',
      disclaimer: 'These listings are demonstration data made up for this site.',
      equalHousing: lang === 'ko' ? '공정 주거 기회.' : 'Equal Housing Opportunity.',
      isDemo: true,
    },
  }
}

/** The photos the fixture names, as JPEG and PNG bytes of the sizes a phone would send. */
export async function fixtureImages(report: CmaReport): Promise<Map<string, Buffer>> {
  const images = new Map<string, Buffer>()
  const colours = ['#60a5fa', '#f59e0b', '#34d399', '#f472b6', '#a78bfa']
  for (const [index, home] of report.comparables.entries())
    if (home.photoUrl)
      images.set(
        home.photoUrl,
        await sharp({ create: { width: 264, height: 198, channels: 3, background: colours[index % colours.length] ?? '#999999' } })
          .jpeg()
          .toBuffer(),
      )
  if (report.realtor.photoUrl)
    images.set(
      report.realtor.photoUrl,
      await sharp({ create: { width: 96, height: 96, channels: 3, background: '#78716c' } })
        .jpeg()
        .toBuffer(),
    )
  if (report.realtor.logoUrl)
    images.set(
      report.realtor.logoUrl,
      await sharp({ create: { width: 240, height: 60, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } })
        .png()
        .toBuffer(),
    )
  return images
}
