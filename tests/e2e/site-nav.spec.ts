import { expect, test, type Locator, type Page } from '@playwright/test'
import { axeViolations, pathOf } from './helpers.ts'

/*
 * The header of every page of a realtor's site (issue 51 item 1): their pages and the language
 * switch, in a row on a desktop, in a `<details>` menu on a phone that opens without JavaScript,
 * closes on a choice, traps nothing and passes axe open (axe runs in
 * the page, so it is checked with JavaScript). Titles name the realtor.
 */

const WORDS = {
  ko: { prefix: '', menu: '메뉴', homes: '매물', market: '시장 리포트', contact: '문의', site: '사이트 메뉴' },
  en: { prefix: '/en', menu: 'Menu', homes: 'Homes', market: 'Market reports', contact: 'Contact', site: 'Site' },
} as const

const menuButton = (page: Page, lang: 'ko' | 'en') => page.getByTestId('site-menu').locator('summary', { hasText: WORDS[lang].menu })
const menuNav = (page: Page, lang: 'ko' | 'en') => page.getByTestId('site-menu').getByRole('navigation', { name: WORDS[lang].site })

test.describe('the site menu on a phone without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const lang of ['ko', 'en'] as const) {
    test(`opens and leads to every page (${lang})`, { tag: '@phone-only' }, async ({ page }) => {
      const { prefix } = WORDS[lang]
      await page.goto(`${prefix}/sora-park/market`)
      await expect(page.getByTestId('site-nav')).toBeHidden()
      await expect(menuNav(page, lang)).toBeHidden()
      await menuButton(page, lang).click()
      const menu = menuNav(page, lang)
      await expect(menu).toBeVisible()
      expect(await menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
        `${prefix}/sora-park`,
        `${prefix}/sora-park/homes`,
        `${prefix}/sora-park/home-value`,
        `${prefix}/sora-park/market`,
        `${prefix}/sora-park/blog`,
        `${prefix}/sora-park#contact`,
      ])
      await expect(menu.getByRole('link', { name: WORDS[lang].market })).toHaveAttribute('aria-current', 'page')

      await menu.getByRole('link', { name: WORDS[lang].homes, exact: true }).click()
      await expect(page).toHaveURL((url) => pathOf(url.href) === `${prefix}/sora-park/homes`)
      // A new document: the menu is closed again, its button there to open it.
      await expect(menuNav(page, lang)).toBeHidden()
      await expect(menuButton(page, lang)).toBeVisible()
      await expect(page).toHaveTitle(lang === 'en' ? /\| Sora Park$/ : /\| 박소라$/)
    })
  }
})

test.describe('the site menu on a phone with JavaScript', () => {
  test('works from the keyboard, closes on Escape and on a choice on the same page', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/en/sora-park')
    await expect(page.locator('html')).toHaveAttribute('data-islands-runtime', 'started')
    const button = menuButton(page, 'en')
    await button.focus()
    await page.keyboard.press('Enter')
    const menu = menuNav(page, 'en')
    await expect(menu).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    // Nothing is trapped: Tab goes from the button into the menu's links, in order.
    await page.keyboard.press('Tab')
    await expect(menu.getByRole('link').first()).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()

    await button.click()
    await menu.getByRole('link', { name: 'Contact' }).click()
    await expect(page).toHaveURL(/\/en\/sora-park#contact$/)
    await expect(menu).toBeHidden()

    // A tap outside the open menu closes it too.
    await button.click()
    await expect(menu).toBeVisible()
    await tapOutside(page, menu)
    await expect(menu).toBeHidden()
  })
})

/** A tap on the page below the open menu, on something that is no link (checked, so the tap cannot navigate). */
async function tapOutside(page: Page, menu: Locator): Promise<void> {
  const box = await menu.boundingBox()
  if (!box) throw new Error('the menu is not shown')
  const point = { x: 4, y: Math.min(box.y + box.height + 24, (page.viewportSize()?.height ?? 700) - 4) }
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a, button, input, select, textarea, summary') === null, point)
  expect(hit, 'nothing to follow under the tap').toBe(true)
  await page.mouse.click(point.x, point.y)
}

test.describe('the site header on a desktop', () => {
  test('links every page of the realtor in a row, with the language switch, and titles name the realtor', async ({ page }) => {
    for (const path of [
      '/en/sora-park',
      '/en/sora-park/homes',
      '/en/sora-park/home-value',
      '/en/sora-park/blog',
      '/en/sora-park/contact-message?status=sent',
    ]) {
      await page.goto(path)
      const nav = page.getByTestId('site-nav')
      await expect(nav, path).toBeVisible()
      await expect(page.getByTestId('site-menu'), path).toBeHidden()
      await expect(nav.getByRole('link'), path).toHaveText(['Home', 'Homes', 'Home value', 'Market reports', 'Blog', 'Contact'])
      await expect(page.getByTestId('language-switch'), path).toBeVisible()
      const title = await page.title()
      expect(title, path).toContain('Sora Park')
      expect(title, path).not.toContain('Realtor Home')
    }
    await page.getByTestId('site-nav').getByRole('link', { name: 'Market reports' }).click()
    await expect(page).toHaveURL((url) => pathOf(url.href) === '/en/sora-park/market')
    await expect(page.getByTestId('site-nav').getByRole('link', { name: 'Market reports' })).toHaveAttribute('aria-current', 'page')
  })
})
