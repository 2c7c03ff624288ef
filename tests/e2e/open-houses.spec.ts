import { type Page } from '@playwright/test'
import { axeViolations, requireBaseURL, waitForHydration } from './helpers.ts'
import { expect, test } from './fixtures.ts'

/*
 * Open houses (issue 26 item 5), Korean and English: the demo seed's open houses (on the phone
 * too, `@phone`) on the demo realtor's cards and listing pages with a working "Add to calendar" file,
 * and a realtor of the spec's own adding one in the workspace that then shows on their listing
 * page. axe finds nothing on any of these pages.
 */

const TEXT = {
  ko: { prefix: '', section: '오픈 하우스', calendar: '캘린더에 추가', tab: '오픈 하우스', added: /오픈 하우스를 추가했습니다/ },
  en: { prefix: '/en', section: 'Open houses', calendar: 'Add to calendar', tab: 'Open houses', added: /Open house added for/ },
} as const

async function expectCalendarFile(page: Page, href: string | null, title: RegExp): Promise<void> {
  expect(href).toMatch(/^\/cozying-api\/v1\/open-houses\/[0-9a-f-]+\.ics\?lang=(ko|en)$/)
  const response = await page.request.get(href ?? '')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const body = await response.text()
  expect(body).toContain('BEGIN:VEVENT')
  expect(body).toMatch(/DTSTART:\d{8}T\d{6}Z/)
  expect(body).toMatch(/UID:open-house-[0-9a-f-]+@realtor-homepage/)
  expect(body.replace(/\r\n[ \t]/g, '')).toMatch(title)
}

for (const lang of ['ko', 'en'] as const) {
  const text = TEXT[lang]

  test(`${lang}: a seeded open house shows on a card and on its listing page, with a calendar file`, { tag: '@phone' }, async ({ page }) => {
    await page.goto(`${text.prefix}/sora-park`)
    const card = page
      .locator('#listings article')
      .filter({ has: page.getByTestId('card-open-house') })
      .first()
    await expect(card).toBeVisible()
    const cardLink = card.getByTestId('card-open-house-calendar')
    await expect(cardLink).toContainText(text.calendar)
    await expectCalendarFile(page, await cardLink.getAttribute('href'), lang === 'ko' ? /SUMMARY:오픈 하우스: / : /SUMMARY:Open house: /)
    expect(await axeViolations(page)).toEqual([])

    await card.locator('h3 a').click()
    await expect(page).toHaveURL(/\/homes\/DEMO-\d{6}$/)
    const section = page.getByTestId('open-houses')
    await expect(section.getByRole('heading', { name: text.section })).toBeVisible()
    const first = section.getByTestId('open-house').first()
    // The listing's zone, named: Pacific time for Irvine.
    await expect(first).toContainText(lang === 'ko' ? /오후 1:00 – 오후 4:00 미국 태평양 시간/ : /1:00 pm – 4:00 pm Pacific Time/)
    await expectCalendarFile(page, await first.getByTestId('open-house-calendar').getAttribute('href'), /LOCATION:|SUMMARY:/)
    expect(await axeViolations(page)).toEqual([])
  })

  test(`${lang}: a realtor adds an open house in the workspace and it shows on their listing page`, async ({ page, baseURL, realtor }) => {
    const base = requireBaseURL(baseURL)
    // A listing of the realtor's area that the MLS (here the demo seed) gave no open house.
    const list = await page.request.get(`${base}/cozying-api/v1/home/list?state=CA&city=Irvine&homesPerPage=20&totalHomesPerGroup=20`)
    const homes = ((await list.json()) as { homes: Array<{ homeId: string; fullAddress: string; openHouses: Array<unknown> }> }).homes
    const home = homes.find((item) => item.openHouses.length === 0)
    if (!home) throw new Error('no Irvine home without an open house')
    // Three days ahead in Irvine is in the future whatever the hour.
    const date = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' })

    await page.goto(`${text.prefix}/${realtor.desiredUrl}/admin?tab=open-houses`)
    const panel = page.getByTestId('open-houses-panel')
    await waitForHydration(panel.getByTestId('open-house-add'))
    await expect(panel.getByTestId('open-houses-empty')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    // The realtor types part of the address, not the number, and picks the home the list offers.
    const listing = panel.getByTestId('open-house-listingKey')
    await listing.fill(home.fullAddress.split(',')[0] ?? '')
    await panel.getByTestId('open-house-listing-option').filter({ hasText: home.homeId }).click()
    await expect(listing).toHaveValue(`${home.fullAddress} · ${home.homeId}`)
    await expect(panel.getByTestId('open-house-listing-options')).toBeHidden()
    await panel.getByTestId('open-house-date').fill(date)
    await panel.getByTestId('open-house-startTime').fill('10:00')
    await panel.getByTestId('open-house-endTime').fill('11:30')
    await panel.getByTestId('open-house-remarks').fill('Coffee on the patio')
    await panel.getByTestId('open-house-add').click()
    await expect(panel.getByTestId('open-houses-status')).toHaveText(text.added)
    await expect(panel.getByTestId('open-houses-list')).toContainText(home.homeId)

    // A time already past is refused beside its field.
    await panel.getByTestId('open-house-listingKey').fill(home.homeId)
    await panel.getByTestId('open-house-date').fill('2020-01-04')
    await panel.getByTestId('open-house-add').click()
    await expect(panel.getByTestId('open-house-startTime')).toHaveAttribute('aria-invalid', 'true')

    await page.goto(`${text.prefix}/${realtor.desiredUrl}/homes/${home.homeId}`)
    const own = page.getByTestId('open-houses').getByTestId('open-house').filter({ hasText: 'Coffee on the patio' })
    await expect(own).toContainText(lang === 'ko' ? /오전 10:00 – 오전 11:30/ : /10:00 am – 11:30 am/)
    await expectCalendarFile(page, await own.getByTestId('open-house-calendar').getAttribute('href'), /DESCRIPTION:Coffee on the patio/)
    // Another realtor's page of the same listing does not show it.
    await page.goto(`${text.prefix}/sora-park/homes/${home.homeId}`)
    await expect(page.getByText('Coffee on the patio')).toHaveCount(0)
  })
}
