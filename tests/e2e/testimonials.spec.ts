import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { shippedCatalog } from '../catalog.ts'
import { deleteMadeRealtors, htmlLang, requireBaseURL, waitForHydration, type MadeRealtor } from './helpers.ts'
import { createPublishedRealtor } from './fixtures.ts'

/*
 * Client reviews (issue 14), end to end against the production build: a realtor adds two
 * reviews in the editor (one hidden), orders them with the keyboard, saves, and the homepage
 * shows the visible one in Korean and English (the English page with its "only in Korean"
 * note), its stars in words and its source linked nofollow; the public API leaves the hidden
 * one out; axe finds nothing in the section, light and dark.
 *
 * Korean texts are read from locales/ko/messages.po, as workspace.spec.ts does.
 */

const API = '/cozying-api/v1'
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

type Lang = 'ko' | 'en'

const REVIEW = {
  name: 'The Lee family',
  city: 'Irvine, CA',
  textKo: '처음 집을 사는 거라 궁금한 게 많았는데 하나하나 친절하게 설명해 주셨어요.',
  rating: '4',
  date: '2025-09-14',
  source: 'zillow',
  link: 'https://www.zillow.com/profile/e2e-review',
}
const HIDDEN = { name: 'Not for the page', textEn: 'This one stays with the realtor.' }

let koCatalog: Map<string, string> | undefined

/** The Korean text for an English message id; fails if it is untranslated. */
function koText(english: string): string {
  koCatalog ??= shippedCatalog('ko')
  const translated = koCatalog.get(english)
  if (!translated) throw new Error(`"${english}" has no Korean translation in locales/ko/messages.po`)
  return translated
}

/** A signed-in realtor (cookie in the browser context) with a published homepage and no review yet. */
async function newRealtor(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; slug: string; token: string }> {
  const context = await browser.newContext({ baseURL })
  const realtor = await createPublishedRealtor(context.request, baseURL)
  madeRealtors.push(realtor)
  return { context, page: await context.newPage(), slug: realtor.desiredUrl, token: realtor.token }
}

const madeRealtors: Array<MadeRealtor> = []

test.afterAll(async ({ baseURL }) => {
  await deleteMadeRealtors(requireBaseURL(baseURL), madeRealtors)
})

/** The homepage in a language, server-rendered, hydrated. */
async function openHomepage(page: Page, lang: Lang, slug: string): Promise<void> {
  const response = await page.goto(lang === 'en' ? `/en/${slug}` : `/${slug}`)
  expect(response?.status()).toBe(200)
  expect(await htmlLang(page)).toBe(lang)
  await waitForHydration(page.getByTestId('language-switch'))
}

async function expectNoAxeViolationsIn(page: Page, selector: string, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(AXE_TAGS).analyze()
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? '?'}): ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`,
  )
  expect(violations, `axe violations in ${selector} on ${where}:\n${violations.join('\n')}`).toEqual([])
}

test('a realtor adds reviews in the editor, orders and hides one, and the homepage shows the visible one in Korean and English', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const { context, page, slug, token } = await newRealtor(browser, requireBaseURL(baseURL))
  try {
    // No review yet: no section.
    await openHomepage(page, 'en', slug)
    await expect(page.locator('#testimonials')).toHaveCount(0)

    const response = await page.goto(`/en/${slug}/admin`)
    expect(response?.status()).toBe(200)
    const save = page.getByTestId('editor-save')
    await waitForHydration(save)
    const group = page.locator('#group-testimonials')
    await expect(group.getByRole('heading', { name: 'Client reviews' })).toBeVisible()

    // The hidden one first; the visible one is added second and moved up with the keyboard.
    await group.getByTestId('add-testimonial').click()
    await expect(page.locator('input[name="testimonials.0.clientName"]')).toBeFocused()
    await page.locator('input[name="testimonials.0.clientName"]').fill(HIDDEN.name)
    await page.locator('textarea[name="testimonials.0.textEn"]').fill(HIDDEN.textEn)
    await group
      .getByRole('group', { name: /Review 1/ })
      .getByLabel('Hide this review from the homepage')
      .check()

    await group.getByTestId('add-testimonial').click()
    await page.locator('input[name="testimonials.1.clientName"]').fill(REVIEW.name)
    await page.locator('input[name="testimonials.1.city"]').fill(REVIEW.city)
    await page.locator('textarea[name="testimonials.1.textKo"]').fill(REVIEW.textKo)
    await page.locator('select[name="testimonials.1.rating"]').selectOption(REVIEW.rating)
    await page.locator('input[name="testimonials.1.date"]').fill(REVIEW.date)
    await page.locator('select[name="testimonials.1.source"]').selectOption(REVIEW.source)
    await page.locator('input[name="testimonials.1.sourceUrl"]').fill(REVIEW.link)

    const moveUp = page.locator('[data-move="1-up"]')
    await moveUp.focus()
    await page.keyboard.press('Enter')
    await expect(page.locator('input[name="testimonials.0.clientName"]')).toHaveValue(REVIEW.name)
    await expect(page.locator('input[name="testimonials.1.clientName"]')).toHaveValue(HIDDEN.name)
    // The focus followed the review to its new place (first: Move up is disabled there, so Move down).
    await expect(page.locator('[data-move="0-down"]')).toBeFocused()
    await expect(group.getByRole('status')).toHaveText('Review moved to position 1 of 2.')

    // The live preview shows the visible review only.
    const preview = page.getByTestId('editor-preview')
    await expect(preview).toContainText(REVIEW.textKo)
    await expect(preview).not.toContainText(HIDDEN.textEn)

    await save.click()
    await expect(page.getByTestId('toast-success')).toHaveText('Successfully updated')
    await expect(save).toBeDisabled()

    // A reload brings the hidden review back into the editor: the editor reads the owner's realtor.
    await page.reload()
    await waitForHydration(save)
    await expect(page.locator('input[name="testimonials.1.clientName"]')).toHaveValue(HIDDEN.name)
    await expect(
      page
        .locator('#group-testimonials')
        .getByRole('group', { name: /Review 2/ })
        .getByLabel('Hide this review from the homepage'),
    ).toBeChecked()

    // English homepage: the Korean text with its note, the stars in words, name, city, date, source.
    await openHomepage(page, 'en', slug)
    const section = page.locator('#testimonials')
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('What clients say')
    const reviews = section.getByTestId('testimonial')
    await expect(reviews).toHaveCount(1)
    const review = reviews.first()
    await expect(review.getByTestId('testimonial-note')).toHaveText('This review is only available in Korean.')
    await expect(review.locator('blockquote')).toHaveAttribute('lang', 'ko')
    await expect(review.locator('blockquote')).toHaveText(REVIEW.textKo)
    await expect(review).toContainText('Rated 4 out of 5')
    await expect(review).toContainText(REVIEW.name)
    await expect(review).toContainText(REVIEW.city)
    await expect(review.locator('time')).toHaveAttribute('datetime', REVIEW.date)
    await expect(review.locator('time')).toHaveText('September 2025')
    const source = review.getByRole('link', { name: 'Posted on Zillow' })
    await expect(source).toHaveAttribute('href', REVIEW.link)
    await expect(source).toHaveAttribute('rel', 'nofollow noopener')
    await expect(page.locator('body')).not.toContainText(HIDDEN.textEn)
    // No review markup in the structured data (decision 014).
    for (const script of await page.locator('script[type="application/ld+json"]').allTextContents()) {
      expect(script).not.toMatch(/"review"|aggregateRating|ratingValue/i)
    }

    // Korean homepage: the text in its own language, no note.
    await openHomepage(page, 'ko', slug)
    const korean = page.locator('#testimonials')
    await expect(korean.getByRole('heading', { level: 2 })).toHaveText(koText('What clients say'))
    await expect(korean.getByTestId('testimonial')).toHaveCount(1)
    await expect(korean.getByTestId('testimonial-note')).toHaveCount(0)
    await expect(korean.locator('blockquote')).toHaveText(REVIEW.textKo)
    await expect(korean).toContainText(koText('Rated {rating} out of 5').replace('{rating}', '4'))
    // The city typed in English reads in Korean on the Korean page.
    await expect(korean).toContainText('캘리포니아주 어바인')
    await expect(korean).not.toContainText(REVIEW.city)

    // The public API: the visible review, without the flag; the owner's answer has both.
    const publicAnswer = await page.request.get(`${API}/realtor/${slug}`)
    const publicBody = (await publicAnswer.json()) as { testimonials: Array<Record<string, unknown>> }
    expect(publicBody.testimonials.map((item) => item.clientName)).toEqual([REVIEW.name])
    expect(publicBody.testimonials[0]).not.toHaveProperty('hidden')
    const ownAnswer = await page.request.patch(`${API}/realtor/${await idOf(page, slug)}`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    })
    expect(ownAnswer.status()).toBe(200)
    const ownBody = (await ownAnswer.json()) as { testimonials: Array<{ clientName: string; hidden: boolean }> }
    expect(ownBody.testimonials.map((item) => [item.clientName, item.hidden])).toEqual([
      [REVIEW.name, false],
      [HIDDEN.name, true],
    ])
  } finally {
    await context.close()
  }
})

async function idOf(page: Page, slug: string): Promise<string> {
  const answer = await page.request.get(`${API}/realtor/${slug}`)
  return ((await answer.json()) as { id: string }).id
}

for (const lang of ['en', 'ko'] as const) {
  test(`axe finds no violation in the reviews section, light and dark (${lang})`, { tag: '@phone' }, async ({ browser, baseURL }) => {
    const { context, page, slug, token } = await newRealtor(browser, requireBaseURL(baseURL))
    try {
      const id = await idOf(page, slug)
      for (const dark of ['N', 'Y'] as const) {
        const patched = await page.request.patch(`${API}/realtor/${id}`, {
          headers: { authorization: `Bearer ${token}` },
          data: {
            contentDarkMode: dark,
            designMainDarkMode: dark,
            testimonials: [
              { clientName: REVIEW.name, city: REVIEW.city, textKo: REVIEW.textKo, rating: 4, date: REVIEW.date, source: 'zillow', sourceUrl: REVIEW.link },
              { clientName: 'Daniel R.', textEn: 'Clear advice, no pressure.', textKo: '부담 없이 명확하게 조언해 주셨어요.', rating: 5, source: 'google' },
              { clientName: 'Minji K.', textEn: 'Patient and kind.', source: 'other', sourceUrl: 'https://example.com/letter' },
            ],
          },
        })
        expect(patched.status(), `PATCH (dark ${dark}): ${await patched.text()}`).toBe(200)
        await openHomepage(page, lang, slug)
        await expect(page.locator('#testimonials').getByTestId('testimonial')).toHaveCount(3)
        await expect(page.locator('div.dark')).toHaveCount(dark === 'Y' ? 1 : 0)
        await expectNoAxeViolationsIn(page, '#testimonials', `${lang} ${dark === 'Y' ? 'dark' : 'light'}`)
      }
    } finally {
      await context.close()
    }
  })
}

test('the section fits a 360 px phone: no review wider than the screen', { tag: '@phone-only' }, async ({ browser, baseURL }) => {
  const { context, page, slug, token } = await newRealtor(browser, requireBaseURL(baseURL))
  try {
    const id = await idOf(page, slug)
    const patched = await page.request.patch(`${API}/realtor/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        testimonials: [
          { clientName: REVIEW.name, textKo: REVIEW.textKo, textEn: 'A long review '.repeat(40), rating: 5, source: 'yelp', sourceUrl: REVIEW.link },
        ],
      },
    })
    expect(patched.status()).toBe(200)
    await page.setViewportSize({ width: 360, height: 740 })
    await openHomepage(page, 'en', slug)
    const review = page.locator('#testimonials').getByTestId('testimonial').first()
    await review.scrollIntoViewIfNeeded()
    const box = await review.boundingBox()
    expect(box, 'the review is laid out').not.toBeNull()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  } finally {
    await context.close()
  }
})
