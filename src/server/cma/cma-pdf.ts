import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { LRUCache } from 'lru-cache'
import PDFDocument from 'pdfkit'
import sharp from 'sharp'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { CMA_ADJUSTMENT_LABELS, CMA_COMPARABLE_STATUS_LABELS, CMA_PROPERTY_KIND_LABELS, cmaDollars } from '~/lib/cma-words'
import { squareFeetToPyeong } from '~/lib/format'
import { cmaPdfQuerySchema } from '~/schemas/cma/cma'
import type { CmaReport, CmaReportComparable } from '~/schemas/cma/cma-report'
import { parseInput } from '~/server/app-error'
import type { Actor } from '~/server/auth/actor'
import { listingPhotoHash, listingPhotoVariant } from '~/server/listings/listing-photos'
import { componentLogger } from '~/server/logging/logger'
import type { AppServices } from '~/server/services'
import { reportOfCma } from './cma-report'
import { managedCma } from './cmas'

/*
 * The CMA as a PDF (issue 53 part 2, decision 074), drawn by pdfkit from the report view model:
 * no headless browser in the request path. pdfkit embeds fonts through fontkit and writes only
 * the glyphs a document uses (a subset, `ABCDEF+Pretendard-…`), so a report carries a few dozen
 * KB of Pretendard rather than its 1.5 MB; Pretendard's OpenType (CFF) files hold every Hangul
 * syllable and the Latin the report needs, one family for both languages, the one our pages use.
 * Photos are turned into small JPEGs first (pdfkit reads JPEG and PNG only; a phone's 4,000 px
 * photo would make a 10 MB file).
 */

export type CmaPdfOptions = {
  lang: 'ko' | 'en'
  paper: 'letter' | 'a4'
  /** Photo bytes (JPEG or PNG) by the view model's URL (fetched beforehand); a URL without bytes draws a placeholder. */
  images?: ReadonlyMap<string, Buffer>
}

const FONT_DIR = 'pretendard/dist/public/static'
let fonts: { regular: Buffer; bold: Buffer } | undefined

/** Pretendard's regular and bold OpenType files, read once per process. */
function pretendard(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const require = createRequire(import.meta.url)
    fonts = {
      regular: readFileSync(require.resolve(`${FONT_DIR}/Pretendard-Regular.otf`)),
      bold: readFileSync(require.resolve(`${FONT_DIR}/Pretendard-Bold.otf`)),
    }
  }
  return fonts
}

const MARGIN = 40
const FOOTER_HEIGHT = 28
const INK = '#1c1917'
const MUTED = '#57534e'
const RULE = '#d6d3d1'
const PLACEHOLDER = '#e7e5e4'
const PHOTO_WIDTH = 132
const PHOTO_HEIGHT = 99

function isHexColor(value: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(value)
}

function area(report: CmaReport, squareFeet: number): string {
  const feet = `${Math.round(squareFeet).toLocaleString('en-US')} sq ft`
  // A Korean reader thinks in 평: both, as the listing pages show them.
  return report.lang === 'ko' ? `${feet} (${squareFeetToPyeong(squareFeet).toLocaleString('en-US')}평)` : feet
}

function facts(
  i18n: I18n,
  report: CmaReport,
  home: { beds: number | null; baths: number | null; livingArea: number; yearBuilt: number | null; lotSizeSquareFeet?: number | null },
): string {
  const parts: Array<string> = []
  if (home.beds !== null) parts.push(i18n._(msg`${home.beds} beds`))
  if (home.baths !== null) parts.push(i18n._(msg`${home.baths} baths`))
  parts.push(area(report, home.livingArea))
  if (home.yearBuilt !== null) parts.push(i18n._(msg`built ${home.yearBuilt}`))
  if (home.lotSizeSquareFeet !== null && home.lotSizeSquareFeet !== undefined)
    parts.push(i18n._(msg`lot ${Math.round(home.lotSizeSquareFeet).toLocaleString('en-US')} sq ft`))
  return parts.join(' · ')
}

/** The report as a PDF: a pure function of the view model (and the photos' bytes). */
export async function renderCmaPdf(report: CmaReport, options: CmaPdfOptions): Promise<Buffer> {
  await loadCatalog(options.lang)
  const i18n = i18nFor(options.lang)
  const images = options.images ?? new Map<string, Buffer>()
  const accent = isHexColor(report.realtor.color) ? report.realtor.color : '#1d4ed8'
  const title = i18n._(msg`Comparative market analysis`)
  const doc = new PDFDocument({
    size: options.paper === 'a4' ? 'A4' : 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    lang: options.lang,
    displayTitle: true,
    info: { Title: `${title}: ${report.subject.street}`, Author: report.realtor.name, Subject: title },
  })
  const chunks: Array<Buffer> = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const { regular, bold } = pretendard()
  doc.registerFont('regular', regular)
  doc.registerFont('bold', bold)

  const pageWidth = doc.page.width
  const contentWidth = pageWidth - 2 * MARGIN
  const bottom = () => doc.page.height - doc.page.margins.bottom
  /** Starts a new page when `height` more points would not fit. */
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage()
  }
  const heading = (text: string) => {
    room(40)
    doc.moveDown(0.8)
    doc.font('bold').fontSize(13).fillColor(accent).text(text, MARGIN, doc.y, { width: contentWidth })
    const y = doc.y + 3
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + contentWidth, y)
      .lineWidth(0.8)
      .strokeColor(accent)
      .stroke()
    doc.y = y + 8
  }
  const photo = (url: string | null, x: number, y: number, width: number, height: number) => {
    const bytes = url === null ? undefined : images.get(url)
    if (bytes) {
      doc.save()
      doc.rect(x, y, width, height).clip()
      doc.image(bytes, x, y, { cover: [width, height], align: 'center', valign: 'center' })
      doc.restore()
      return
    }
    doc.rect(x, y, width, height).fill(PLACEHOLDER)
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(i18n._(msg`No photo`), x, y + height / 2 - 5, { width, align: 'center' })
  }

  // The header: the realtor's colour, logo, photo and name; the title and the subject's address.
  doc.rect(0, 0, pageWidth, 8).fill(accent)
  const headerTop = MARGIN
  const logo = report.realtor.logoUrl === null ? undefined : images.get(report.realtor.logoUrl)
  if (logo) doc.image(logo, MARGIN, headerTop, { fit: [140, 40], valign: 'center' })
  const portrait = report.realtor.photoUrl === null ? undefined : images.get(report.realtor.photoUrl)
  const cardX = pageWidth - MARGIN - 200
  if (portrait) {
    doc.save()
    doc.circle(pageWidth - MARGIN - 24, headerTop + 24, 24).clip()
    doc.image(portrait, pageWidth - MARGIN - 48, headerTop, { cover: [48, 48], align: 'center', valign: 'center' })
    doc.restore()
  }
  const cardWidth = portrait ? 144 : 200
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(report.realtor.name, cardX, headerTop + 2, { width: cardWidth, align: 'right' })
  doc.font('regular').fontSize(8).fillColor(MUTED)
  for (const line of [
    report.realtor.brokerageName,
    report.realtor.licenseNumber ? i18n._(msg`License ${report.realtor.licenseNumber}`) : null,
    report.realtor.phone,
    report.realtor.email,
  ])
    if (line) doc.text(line, cardX, doc.y, { width: cardWidth, align: 'right' })
  doc.y = Math.max(doc.y, headerTop + 56) + 10
  doc.font('bold').fontSize(22).fillColor(INK).text(title, MARGIN, doc.y, { width: contentWidth })
  doc
    .font('regular')
    .fontSize(12)
    .fillColor(INK)
    .text(`${report.subject.street}, ${report.subject.city}, ${report.subject.state} ${report.subject.postalCode}`, { width: contentWidth })
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text(i18n._(msg`Prepared by ${report.realtor.name} · as of ${report.asOf}`), { width: contentWidth })

  heading(i18n._(msg({ message: 'The home', context: 'CMA report section: the home analysed' })))
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(INK)
    .text(`${i18n._(CMA_PROPERTY_KIND_LABELS[report.subject.propertyType])} · ${facts(i18n, report, report.subject)}`, { width: contentWidth })

  heading(i18n._(msg`Recommended list price`))
  if (report.recommended) {
    doc
      .font('bold')
      .fontSize(20)
      .fillColor(accent)
      .text(`${cmaDollars(report.recommended.low)} – ${cmaDollars(report.recommended.high)}`, { width: contentWidth })
  } else {
    doc
      .font('regular')
      .fontSize(11)
      .fillColor(MUTED)
      .text(i18n._(msg`Your agent has not set a recommended range yet.`), { width: contentWidth })
  }
  const basis = report.rangeBasis
  const reached =
    basis.adjustedLow !== null && basis.adjustedHigh !== null && basis.adjustedMedian !== null
      ? i18n._(
          msg`How it was reached: ${basis.pickedCount} comparable homes, each adjusted for its differences from this home, came to ${cmaDollars(basis.adjustedLow)} – ${cmaDollars(basis.adjustedHigh)} (median ${cmaDollars(basis.adjustedMedian)}).`,
        )
      : i18n._(msg`No comparable homes were chosen for this analysis.`)
  doc.moveDown(0.3).font('regular').fontSize(9.5).fillColor(INK).text(reached, { width: contentWidth })
  if (report.note.trim()) {
    doc
      .moveDown(0.5)
      .font('bold')
      .fontSize(9.5)
      .text(i18n._(msg`Your agent's note`), { width: contentWidth })
    doc.font('regular').text(report.note.trim(), { width: contentWidth })
  }

  heading(i18n._(msg`Comparable homes`))
  report.comparables.forEach((home, index) => drawComparable(home, index))

  drawTrend()

  heading(i18n._(msg`Disclosures`))
  doc.font('regular').fontSize(7.5).fillColor(MUTED)
  doc.text(report.disclosures.disclaimer, { width: contentWidth })
  doc.moveDown(0.4).text(report.disclosures.equalHousing, { width: contentWidth })
  // The words of every realtor mail's footer (reply-mail.ts), so the catalog has them once.
  const { brokerageName: brokerage, brokerageLicenseNumber: brokerageLicense, brokerageAddress } = report.realtor
  const brokerageLine = brokerage
    ? brokerageLicense
      ? i18n._(msg`Brokerage: ${brokerage} (license ${brokerageLicense})`)
      : i18n._(msg`Brokerage: ${brokerage}`)
    : null
  const brokerageLines = [brokerageLine, brokerageAddress].filter(Boolean).join(' · ')
  if (brokerageLines) doc.moveDown(0.4).text(brokerageLines, { width: contentWidth })

  // Every page's footer: who prepared it, the date, the page number.
  const pages = doc.bufferedPageRange()
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index)
    const keptBottom = doc.page.margins.bottom
    // Writing below the bottom margin would otherwise start a page.
    doc.page.margins.bottom = 0
    const y = doc.page.height - MARGIN - 10
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(pageWidth - MARGIN, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
    const left = [report.realtor.name, report.realtor.licenseNumber ? i18n._(msg`License ${report.realtor.licenseNumber}`) : null, report.asOf]
      .filter(Boolean)
      .join(' · ')
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(left, MARGIN, y, { width: contentWidth - 80, lineBreak: false })
    doc.text(i18n._(msg`Page ${index + 1} of ${pages.count}`), pageWidth - MARGIN - 80, y, { width: 80, align: 'right', lineBreak: false })
    doc.page.margins.bottom = keptBottom
  }
  doc.end()
  return finished

  function drawComparable(home: CmaReportComparable, index: number) {
    const lines = home.adjustments
    const textX = MARGIN + PHOTO_WIDTH + 14
    const textWidth = contentWidth - PHOTO_WIDTH - 14
    const adjustmentsHeight = 12 * (lines.length + 1) + 4
    const height = Math.max(PHOTO_HEIGHT, 58 + adjustmentsHeight) + 14
    room(height)
    const top = doc.y
    photo(home.photoUrl, MARGIN, top, PHOTO_WIDTH, PHOTO_HEIGHT)
    const where = home.address ?? i18n._(msg`Address withheld by the MLS`)
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(`${index + 1}. ${where}, ${home.city}`, textX, top, { width: textWidth - 90, lineBreak: false, ellipsis: true })
    doc
      .font('bold')
      .fontSize(8.5)
      .fillColor(accent)
      .text(i18n._(msg`Match ${Math.round(home.matchScore)}`), MARGIN + contentWidth - 90, top + 1, { width: 90, align: 'right' })
    const status = i18n._(CMA_COMPARABLE_STATUS_LABELS[home.status])
    const miles = home.distanceMiles === null ? null : home.distanceMiles.toLocaleString('en-US', { maximumFractionDigits: 1 })
    const distance = miles === null ? null : i18n._(msg`${miles} mi away`)
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(INK)
      .text([`${status} ${home.date}`, cmaDollars(home.price), distance].filter(Boolean).join(' · '), textX, top + 15, { width: textWidth })
    doc
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(facts(i18n, report, home), textX, doc.y + 1, { width: textWidth })
    let y = doc.y + 4
    doc.font('regular').fontSize(8.5)
    for (const line of lines) {
      const label = line.feature === 'other' && line.label ? line.label : i18n._(CMA_ADJUSTMENT_LABELS[line.feature])
      doc.fillColor(MUTED).text(label, textX, y, { width: textWidth - 110, lineBreak: false, ellipsis: true })
      doc.fillColor(INK).text(cmaDollars(line.amount, true), textX + textWidth - 110, y, { width: 110, align: 'right', lineBreak: false })
      y += 12
    }
    if (lines.length === 0) {
      doc.fillColor(MUTED).text(i18n._(msg`No adjustments`), textX, y, { width: textWidth, lineBreak: false })
      y += 12
    }
    doc
      .moveTo(textX, y + 1)
      .lineTo(textX + textWidth, y + 1)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(i18n._(msg`Adjusted price`), textX, y + 4, { width: textWidth - 110, lineBreak: false })
    doc.text(cmaDollars(home.adjustedPrice), textX + textWidth - 110, y + 4, { width: 110, align: 'right', lineBreak: false })
    doc.y = Math.max(top + PHOTO_HEIGHT, y + 18) + 14
    doc.x = MARGIN
  }

  /** The city's last 12 months: median list price as a line, with the figures beneath. */
  function drawTrend() {
    const trend = report.trend
    if (!trend || trend.months.length === 0) return
    heading(i18n._(msg`The market in ${trend.city}, last 12 months`))
    const chartHeight = 110
    const rowsHeight = 12 * (trend.months.length + 1) + 10
    room(chartHeight + 30 + rowsHeight)
    const top = doc.y
    const prices = trend.months.map((month) => month.medianListPrice)
    const known = prices.filter((price): price is number => price !== null)
    const chartX = MARGIN + 64
    const chartWidth = contentWidth - 64
    doc.rect(chartX, top, chartWidth, chartHeight).lineWidth(0.5).strokeColor(RULE).stroke()
    if (known.length > 0) {
      // A little room above and below the line, at round thousands for the axis's two labels.
      const low = Math.floor((Math.min(...known) * 0.97) / 1000) * 1000
      const high = Math.ceil((Math.max(...known) * 1.03) / 1000) * 1000
      const step = trend.months.length > 1 ? chartWidth / (trend.months.length - 1) : 0
      const yOf = (price: number) => top + chartHeight - ((price - low) / (high - low || 1)) * chartHeight
      doc.font('regular').fontSize(7).fillColor(MUTED)
      doc.text(cmaDollars(high), MARGIN, top - 3, { width: 60, align: 'right' })
      doc.text(cmaDollars(low), MARGIN, top + chartHeight - 6, { width: 60, align: 'right' })
      let started = false
      prices.forEach((price, index) => {
        if (price === null) return
        const x = chartX + index * step
        if (started) doc.lineTo(x, yOf(price))
        else doc.moveTo(x, yOf(price))
        started = true
      })
      doc.lineWidth(1.6).strokeColor(accent).stroke()
      prices.forEach((price, index) => {
        if (price !== null) doc.circle(chartX + index * step, yOf(price), 2).fill(accent)
      })
      trend.months.forEach((month, index) => {
        doc
          .font('regular')
          .fontSize(6.5)
          .fillColor(MUTED)
          .text(month.month.slice(2), chartX + index * step - 15, top + chartHeight + 4, { width: 30, align: 'center', lineBreak: false })
      })
    }
    let y = top + chartHeight + 20
    const columns = [
      { label: i18n._(msg`Month`), width: 0.2 },
      { label: i18n._(msg`Median list price`), width: 0.25 },
      { label: i18n._(msg`Median price per sq ft`), width: 0.25 },
      { label: i18n._(msg({ message: 'For sale', context: 'CMA market table: homes for sale that month' })), width: 0.15 },
      { label: i18n._(msg`Sold (90 days)`), width: 0.15 },
    ]
    const row = (cells: Array<string>, font: 'regular' | 'bold') => {
      let x = MARGIN
      doc
        .font(font)
        .fontSize(8)
        .fillColor(font === 'bold' ? INK : MUTED)
      cells.forEach((cell, index) => {
        const width = (columns[index]?.width ?? 0.2) * contentWidth
        doc.text(cell, x, y, { width: width - 4, align: index === 0 ? 'left' : 'right', lineBreak: false })
        x += width
      })
      y += 12
    }
    row(
      columns.map((column) => column.label),
      'bold',
    )
    for (const month of trend.months)
      row(
        [
          month.month,
          month.medianListPrice === null ? '—' : cmaDollars(month.medianListPrice),
          month.medianPricePerSquareFoot === null ? '—' : cmaDollars(month.medianPricePerSquareFoot),
          month.activeCount.toLocaleString('en-US'),
          month.soldCount === null ? '—' : month.soldCount.toLocaleString('en-US'),
        ],
        'regular',
      )
    doc.y = y
    doc.x = MARGIN
  }
}

/** Converted photos by URL, per process: a report is printed again and again as it is edited. */
const convertedPhotos = new LRUCache<string, Buffer>({ max: 300 })

/** The original bytes of a photo URL: our store's file, or a listing feed's photo through its stored variant. */
async function photoBytes(services: AppServices, url: string): Promise<Uint8Array | undefined> {
  const key = services.storage.keyFromUrl(url)
  if (key !== undefined) return (await services.storage.get(key))?.bytes
  const answer = await listingPhotoVariant(services, listingPhotoHash(url), 640)
  return answer.kind === 'photo' ? answer.bytes : undefined
}

/** A photo as the PDF prints it: a JPEG at twice its printed size (sharp reads WebP, AVIF and the demo's images too). */
async function printablePhoto(services: AppServices, url: string, width: number, height: number): Promise<Buffer | undefined> {
  const cacheKey = `${width}x${height}\n${url}`
  const cached = convertedPhotos.get(cacheKey)
  if (cached) return cached
  try {
    const bytes = await photoBytes(services, url)
    if (!bytes) return undefined
    const jpeg = await sharp(bytes)
      .rotate()
      .resize(width * 2, height * 2, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72, mozjpeg: true })
      .toBuffer()
    convertedPhotos.set(cacheKey, jpeg)
    return jpeg
  } catch (error) {
    componentLogger('cma').warn({ reason: error instanceof Error ? error.message : String(error) }, 'cma photo not printable')
    return undefined
  }
}

/** A logo keeps its shape and transparency: a PNG no taller than twice its printed height. */
async function printableLogo(services: AppServices, url: string): Promise<Buffer | undefined> {
  const cacheKey = `logo\n${url}`
  const cached = convertedPhotos.get(cacheKey)
  if (cached) return cached
  try {
    const bytes = await photoBytes(services, url)
    if (!bytes) return undefined
    const png = await sharp(bytes).resize({ height: 80, width: 280, fit: 'inside', withoutEnlargement: true }).png().toBuffer()
    convertedPhotos.set(cacheKey, png)
    return png
  } catch (error) {
    componentLogger('cma').warn({ reason: error instanceof Error ? error.message : String(error) }, 'cma logo not printable')
    return undefined
  }
}

/** Every picture a report prints, fetched and converted together. */
export async function reportImages(services: AppServices, report: CmaReport): Promise<Map<string, Buffer>> {
  const wanted: Array<[string, () => Promise<Buffer | undefined>]> = []
  for (const home of report.comparables)
    if (home.photoUrl !== null) {
      const url = home.photoUrl
      wanted.push([url, () => printablePhoto(services, url, PHOTO_WIDTH, PHOTO_HEIGHT)])
    }
  const { photoUrl, logoUrl } = report.realtor
  if (photoUrl !== null) wanted.push([photoUrl, () => printablePhoto(services, photoUrl, 48, 48)])
  if (logoUrl !== null) wanted.push([logoUrl, () => printableLogo(services, logoUrl)])
  const found = await Promise.all(wanted.map(async ([url, load]) => [url, await load()] as const))
  return new Map(found.flatMap(([url, bytes]) => (bytes ? [[url, bytes] as const] : [])))
}

/** `GET /cmas/{id}.pdf?lang=&paper=`: the owner's CMA as a file. */
export async function cmaPdfFile(services: AppServices, actor: Actor, id: string, query: unknown): Promise<{ body: Buffer; fileName: string }> {
  const { lang, paper } = parseInput(cmaPdfQuerySchema, query)
  const cma = await managedCma(services, actor, id)
  const report = await reportOfCma(services, cma, lang)
  const body = await renderCmaPdf(report, { lang, paper, images: await reportImages(services, report) })
  const street = report.subject.street
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
  return { body, fileName: `cma-${street || cma.id.slice(0, 8)}-${report.asOf}-${lang}.pdf` }
}
