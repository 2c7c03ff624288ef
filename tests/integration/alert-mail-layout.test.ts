import { chromium, type Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '../../src/i18n/i18n'
import type { Lang } from '../../src/lib/lang'
import { renderAlertMail } from '../../src/server/saved-searches/alert-mail'
import { E2E_BROWSER_ARGS, E2E_BROWSER_PATH } from '../e2e/browser'
import { alertMailInput } from '../unit/alert-mail-fixture'

/*
 * The alert mail laid out by a real browser: a home's photo beside its text where the card is
 * wide, above it on a phone, so the price and address never sit in a 90 px column beside it.
 * A browser is what shows the difference; the HTML alone reads the same either way.
 */

type Box = { x: number; y: number; width: number; height: number }

let browser: Browser

beforeAll(async () => {
  await Promise.all([
    loadCatalog('ko'),
    loadCatalog('en'),
    chromium.launch({ executablePath: E2E_BROWSER_PATH, args: E2E_BROWSER_ARGS }).then((b) => (browser = b)),
  ])
})

afterAll(async () => {
  await browser?.close()
})

/** The photo and its price's boxes of the mail's first home with a photo, at this window width. */
async function photoAndPrice(lang: Lang, width: number): Promise<{ photo: Box; price: Box; scrollWidth: number }> {
  const mail = renderAlertMail(alertMailInput(lang), i18nFor(lang))
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  try {
    await page.setContent(mail.html)
    const photo = await page.locator('img[src="https://photos.example/k2.jpg"]').boundingBox()
    const price = await page
      .getByText(/\$950,000|95만/)
      .first()
      .boundingBox()
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    if (!photo || !price) throw new Error('the photo or the price is not shown')
    return { photo, price, scrollWidth }
  } finally {
    await page.close()
  }
}

describe('alert mail layout', () => {
  for (const lang of ['ko', 'en'] as const) {
    it(`${lang}: the text stands beside the photo on a desktop and below it on a 360 px phone`, async () => {
      const wide = await photoAndPrice(lang, 800)
      expect(wide.price.x, 'beside the photo').toBeGreaterThanOrEqual(wide.photo.x + wide.photo.width)
      expect(wide.price.y).toBeLessThan(wide.photo.y + wide.photo.height)

      const phone = await photoAndPrice(lang, 360)
      expect(phone.price.y, 'below the photo').toBeGreaterThanOrEqual(phone.photo.y + phone.photo.height)
      expect(phone.price.x).toBeLessThanOrEqual(phone.photo.x)
      expect(phone.scrollWidth, 'nothing wider than the phone').toBeLessThanOrEqual(360)
    })
  }
})
