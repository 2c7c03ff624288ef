import type { Page } from '@playwright/test'
import { axeViolations, requireBaseURL, waitForHydration } from './helpers.ts'
import { expect, test } from './fixtures.ts'

/*
 * Issue 52 items 8 and 9 (decision 070), desktop: a realtor picks an open house's listing by
 * typing part of its address (a keyboard combobox over the home search), is warned that the MLS
 * already lists one at that time, adds it, and their listing page shows the event once; the
 * reply template editor names every wrong placeholder at once, marks them in the preview, and
 * restores the default wording. axe finds nothing, light and dark, with the listbox open too.
 */

type ListedHome = {
  homeId: string
  fullAddress: string
  openHouses: Array<{ id: string; start: string; end: string; source: string; timeZone: string }>
}

/** axe on the workspace's dark variant too (the `.dark` class, styles.css), then back to light. */
async function expectNoViolationsInDark(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  expect(await axeViolations(page)).toEqual([])
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
}

/** The wall-clock date and time of an instant in a zone: `2026-12-05`, `13:00`. */
function wallClock(iso: string, timeZone: string): { date: string; time: string } {
  const instant = new Date(iso)
  const date = instant.toLocaleDateString('en-CA', { timeZone })
  const time = instant.toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return { date, time }
}

test(
  'en: an open house’s listing is picked by typing its address, with a warning when the MLS lists one then, and shown once',
  { tag: '@phone' },
  async ({ page, baseURL, realtor }) => {
    const base = requireBaseURL(baseURL)
    // A demo listing of the realtor's area with an upcoming MLS open house (the demo seed gives some).
    const list = await page.request.get(`${base}/cozying-api/v1/home/list?state=CA&city=Irvine&propertyType=any&homesPerPage=50&totalHomesPerGroup=50`)
    const homes = ((await list.json()) as { homes: Array<ListedHome> }).homes
    const home = homes.find(
      (item) =>
        item.openHouses.some((openHouse) => openHouse.source === 'mls' && Date.parse(openHouse.start) > Date.now() + 3_600_000) &&
        /^\d+\s+\S+/.test(item.fullAddress),
    )
    if (!home) throw new Error('no Irvine listing with an upcoming MLS open house')
    const mls = home.openHouses.find((openHouse) => openHouse.source === 'mls' && Date.parse(openHouse.start) > Date.now() + 3_600_000)
    if (!mls) throw new Error('no upcoming MLS open house')
    const { date, time: start } = wallClock(mls.start, mls.timeZone)
    // "12 Alder": the street number and the first word of the street, as a realtor would type.
    const typed = /^\d+\s+\S+/.exec(home.fullAddress)?.[0] ?? ''

    await page.goto(`/en/${realtor.desiredUrl}/admin?tab=open-houses`)
    const panel = page.getByTestId('open-houses-panel')
    await waitForHydration(panel.getByTestId('open-house-add'))
    const combobox = panel.getByRole('combobox', { name: 'Listing' })
    await combobox.fill(typed)
    const listbox = panel.getByRole('listbox', { name: 'Listings your site shows' })
    await expect(listbox).toBeVisible()
    const option = listbox.getByRole('option').filter({ hasText: home.homeId })
    await expect(option).toBeVisible()
    await expect(combobox).toHaveAttribute('aria-expanded', 'true')
    expect(await axeViolations(page)).toEqual([])
    await expectNoViolationsInDark(page)

    // The keyboard picks it: down to its option, Enter.
    const position = await listbox.getByRole('option').evaluateAll((options, key) => options.findIndex((item) => item.textContent?.includes(key)), home.homeId)
    for (let step = 0; step <= position; step++) await combobox.press('ArrowDown')
    await expect(option).toHaveAttribute('aria-selected', 'true')
    await combobox.press('Enter')
    await expect(listbox).toBeHidden()
    await expect(combobox).toHaveValue(`${home.fullAddress} · ${home.homeId}`)

    // The MLS's open house at that time is pointed out before adding.
    await panel.getByTestId('open-house-date').fill(date)
    await panel.getByTestId('open-house-startTime').fill(start)
    await panel.getByTestId('open-house-endTime').fill(wallClock(mls.end, mls.timeZone).time)
    const overlap = panel.getByTestId('open-house-overlap')
    await expect(overlap).toContainText('The MLS already lists an open house at this home at that time')
    expect(await axeViolations(page)).toEqual([])
    await panel.getByTestId('open-house-remarks').fill('Hosted by me')
    await panel.getByTestId('open-house-add').click()
    await expect(panel.getByTestId('open-houses-status')).toHaveText(/Open house added for/)
    await expect(panel.getByTestId('open-houses-list')).toContainText(home.homeId)
    await expect(combobox).toHaveValue('')

    // The realtor's listing page shows that event once: theirs, with their note.
    await page.goto(`/en/${realtor.desiredUrl}/homes/${home.homeId}`)
    const shown = page.getByTestId('open-houses').getByTestId('open-house')
    await expect(shown.filter({ hasText: 'Hosted by me' })).toHaveCount(1)
    await expect(shown).toHaveCount(home.openHouses.length)
  },
)

test('ko: the reply template editor names every wrong placeholder, marks them in the preview, and restores the default', async ({ page, realtor }) => {
  await page.goto(`/${realtor.desiredUrl}/admin?tab=replies`)
  const subject = page.getByTestId('reply-subject-ko')
  await waitForHydration(subject)
  const defaultSubject = await subject.inputValue()
  const restore = page.getByTestId('reply-restore-ko')
  await expect(restore).toBeDisabled()

  await subject.fill('{visitorNam}님 {pirce} 감사합니다 }')
  await subject.blur()
  const problems = page.getByTestId('reply-subjectKo-problems')
  await expect(problems.getByRole('listitem')).toHaveText([
    '{visitorNam}은(는) 자리 표시자가 아닙니다. {visitorName}을(를) 쓰려던 것인가요?',
    '{pirce}은(는) 자리 표시자가 아닙니다.',
    /짝이 없는 중괄호: “.*}”/,
  ])
  await expect(subject).toHaveAttribute('aria-describedby', /reply-subjectKo-problems/)
  const marked = page.getByTestId('reply-preview-subject-ko').getByTestId('reply-preview-wrong')
  await expect(marked).toHaveText(['{visitorNam}', '{pirce}', '}'])
  expect(await axeViolations(page)).toEqual([])
  await expectNoViolationsInDark(page)

  await restore.click()
  await expect(subject).toHaveValue(defaultSubject)
  await expect(problems).toHaveCount(0)
  await expect(marked).toHaveCount(0)
  await expect(restore).toBeDisabled()
})
