import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import sharp from 'sharp'
import type { CmaReport } from '~/schemas/cma/cma-report'
import { renderCmaPdf, reportImages } from '~/server/cma/cma-pdf'
import { envSchema } from '~/server/config/env'
import { openDatabase } from '~/server/db/database'
import { createServices } from '~/server/services'
import { CMA_FIXTURE_SUBJECT, cmaFixtureRealtor } from './cma-fixture'

/*
 * `node scripts/run.mjs scripts/bench-cma-pdf.ts [runs]`: how long `GET /cmas/{id}.pdf` spends
 * making a 10-comparable CMA with photos (issue 53 part 2 asks p95 ≤ 2 s), the work after the
 * database reads: reading each photo from the store, turning it into a small JPEG (sharp), and
 * drawing the PDF with Pretendard subsets (pdfkit). Every run prints new photos (2048×1536 JPEGs
 * with photo-like texture, as a phone's upload resized by the store), so no run is served from the
 * converted-photo cache; the first run also reads and parses the fonts, as a fresh process does.
 */

async function photoLikeJpeg(width: number, height: number, hue: number): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .blur(2)
    .png()
    .toBuffer()
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="hsl(${hue},55%,55%)"/></svg>`,
  )
  return sharp(gradient)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer()
}

function report(lang: 'ko' | 'en', photoUrls: ReadonlyArray<string>): CmaReport {
  return {
    lang,
    asOf: '2026-12-02',
    realtor: cmaFixtureRealtor(lang, { photoUrl: photoUrls[10] ?? null, logoUrl: photoUrls[11] ?? null }),
    subject: CMA_FIXTURE_SUBJECT,
    comparables: photoUrls.slice(0, 10).map((photoUrl, index) => ({
      status: 'sold',
      basis: 'sold',
      price: 1_000_000 + index * 12_000,
      date: '2026-10-15',
      city: 'Irvine',
      beds: 3,
      baths: 2,
      livingArea: 1900 + index * 30,
      yearBuilt: 1995,
      lotSizeSquareFeet: 5200,
      photoUrl,
      adjustments: [
        { feature: 'size', label: null, amount: 15_000 - index * 3_000 },
        { feature: 'age', label: null, amount: 10_000 },
        { feature: 'condition', label: null, amount: -20_000 },
        { feature: 'other', label: lang === 'ko' ? '새 지붕' : 'New roof', amount: -8_000 },
      ],
      adjustedPrice: 997_000 + index * 9_000,
      matchScore: 95 - index * 2,
      address: `${200 + index} Bench Ct`,
      distanceMiles: 0.3 + index / 10,
    })),
    trend: {
      city: 'Irvine',
      state: 'CA',
      months: Array.from({ length: 12 }, (_, index) => ({
        month: new Date(Date.UTC(2025, 11 + index, 1)).toISOString().slice(0, 7),
        medianListPrice: 1_100_000 + index * 7_000,
        medianPricePerSquareFoot: 610 + index * 2,
        activeCount: 130 + index,
        soldCount: 45,
      })),
    },
    recommended: { low: 1_030_000, high: 1_080_000 },
    rangeBasis: { pickedCount: 10, adjustedLow: 997_000, adjustedMedian: 1_037_500, adjustedHigh: 1_078_000 },
    note: lang === 'ko' ? '주방을 새로 고친 점을 감안해 범위의 위쪽을 권합니다.' : 'With the new kitchen, I suggest listing near the top of the range.',
    disclosures: {
      mlsName: 'Bench MLS',
      disclaimer: 'Information is deemed reliable but not guaranteed.',
      equalHousing: 'Equal Housing Opportunity.',
      isDemo: true,
    },
  }
}

function quantile(sorted: ReadonlyArray<number>, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN
}

export async function main(args: Array<string>): Promise<number> {
  const runs = Number(args[0] ?? 20)
  const dir = mkdtempSync(path.join(tmpdir(), 'realtor-bench-cma-'))
  const services = await createServices({
    database: openDatabase({ kind: 'sqlite', file: path.join(dir, 'app.sqlite') }),
    env: envSchema.parse({ DATA_DIR: dir, SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:3000' }),
    secret: 'bench-cma-secret-0123456789abcdef0123456789abcd',
  })
  try {
    const photos = await Promise.all(Array.from({ length: 12 }, (_, index) => photoLikeJpeg(2048, 1536, index * 30)))
    const times: Array<number> = []
    const drawing: Array<number> = []
    let bytes = 0
    for (let run = 0; run < runs + 1; run += 1) {
      const urls: Array<string> = []
      for (const [index, photo] of photos.entries()) {
        const key = `bench/cma-${run}-${index}.jpg`
        await services.storage.put(key, photo, 'image/jpeg')
        urls.push(services.storage.publicUrl(key))
      }
      const lang = run % 2 === 0 ? 'ko' : 'en'
      const started = performance.now()
      const view = report(lang, urls)
      const images = await reportImages(services, view)
      const drawn = performance.now()
      const pdf = await renderCmaPdf(view, { lang, paper: 'letter', images })
      times.push(performance.now() - started)
      drawing.push(performance.now() - drawn)
      bytes = pdf.byteLength
    }
    const [first = 0, ...rest] = times
    const sorted = [...rest].sort((a, b) => a - b)
    console.log(
      `CMA PDF, 10 comparables with 2048×1536 photos, Letter, Korean and English alternately, ${runs} runs after a first: ` +
        `median ${Math.round(quantile(sorted, 0.5))} ms, p95 ${Math.round(quantile(sorted, 0.95))} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms; ` +
        `first (fonts read) ${Math.round(first)} ms; of which drawing the PDF (pdfkit, fonts subset) median ` +
        `${Math.round(
          quantile(
            [...drawing.slice(1)].sort((a, b) => a - b),
            0.5,
          ),
        )} ms, the rest the photos; ${Math.round(bytes / 1024)} KB`,
    )
    return 0
  } finally {
    await services.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
