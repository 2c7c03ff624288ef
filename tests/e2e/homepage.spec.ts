import type { APIRequestContext, Locator, Page, Request } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { axeViolations, expectOwnPageFont, htmlLang, pathOf, requireBaseURL, seoLinks, waitForHydration } from './helpers.ts'

/*
 * The public homepage of the seeded demo realtor `sora-park` (issue 4, spec §3–§5, §9):
 * every section, the language switch, the video facade, the gallery dialog, the contact
 * form, 404s, accessibility (axe, light and dark) and the head tags, in Korean and English.
 */

const API = '/cozying-api/v1'
const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo-password-2026' }
const DESIRED_URL = 'sora-park'

type Lang = 'ko' | 'en'

const PAGES = {
  ko: {
    lang: 'ko',
    path: '/sora-park',
    otherPath: '/en/sora-park',
    name: '박소라',
    otherName: 'Sora Park',
    regions: ['캘리포니아주 어바인 Woodbridge', '캘리포니아주 터스틴', '조지아주 둘루스'],
    areasServed: '활동 지역',
    call: '전화하기',
    email: '이메일',
    kakao: '카카오톡',
    about: '안녕하세요, 오렌지카운티와 애틀랜타 한인 가정의 내 집 마련을 돕는 부동산 에이전트 박소라입니다.',
    homesSold: '거래 건수',
    salesLastYear: '작년 거래 총액',
    years: '경력 연수',
    idPhotos: ['박소라 님의 사진', '박소라 님의 다른 사진'],
    youtube: '유튜브 채널',
    instagram: '인스타그램',
    sections: ['집을 사는 과정', '한인 고객을 위한 서비스'],
    footerLicence: '라이선스 번호: DRE #02123456',
    footerBrokerage: '소속 브로커리지: Cozy Realty Group (라이선스 DRE #01987654)',
    title: '박소라 부동산 | 어바인·애틀랜타 한인 리얼터',
    description: '어바인, 터스틴, 둘루스의 집을 찾는 한인 가정을 위한 부동산 에이전트 박소라입니다.',
    // Korean page: phone country KR by default, names join without a space.
    contact: { lastName: '김', firstName: '민지', phone: '010-1234-5678', country: 'KR', joined: '김민지' },
    invalidEmail: '올바른 이메일 주소를 입력해 주세요',
    invalidPhone: '11자리 전화번호를 입력해 주세요',
    required: { name: '이름을 입력해 주세요', email: '이메일 주소를 입력해 주세요', phone: '전화번호를 입력해 주세요', message: '메시지를 입력해 주세요' },
  },
  en: {
    lang: 'en',
    path: '/en/sora-park',
    otherPath: '/sora-park',
    name: 'Sora Park',
    otherName: '박소라',
    regions: ['Woodbridge, Irvine, California', 'Tustin, California', 'Duluth, Georgia'],
    areasServed: 'Areas served',
    call: 'Call',
    email: 'E-mail',
    kakao: 'KakaoTalk',
    about: "Hi, I'm Sora Park, a realtor helping families in Orange County and metro Atlanta find their home.",
    homesSold: 'Homes sold',
    salesLastYear: 'Sales last year',
    years: 'Years of experience',
    idPhotos: ['Photo of Sora Park', 'Another photo of Sora Park'],
    youtube: 'YouTube channel',
    instagram: 'Instagram',
    sections: ['How buying works', 'Services for Korean-speaking clients'],
    footerLicence: 'License number: DRE #02123456',
    footerBrokerage: 'Brokerage: Cozy Realty Group (license DRE #01987654)',
    title: 'Sora Park Realty | Irvine & Atlanta Realtor',
    description: 'Sora Park helps families buy and sell homes in Irvine, Tustin and Duluth, in English and Korean.',
    // English page: phone country US by default, Latin names keep a space.
    contact: { lastName: 'Kim', firstName: 'Jane', phone: '949-555-0123', country: 'US', joined: 'Kim Jane' },
    invalidEmail: 'Enter a valid e-mail address',
    invalidPhone: 'Enter a 10-digit phone number',
    required: { name: 'Enter your name', email: 'Enter an e-mail address', phone: 'Enter a phone number', message: 'Write a message' },
  },
} as const satisfies Record<Lang, unknown>

const LANGS = [PAGES.ko, PAGES.en]

/** Opens a homepage, checks it answered 200 and waits until React has hydrated it. */
async function openHomepage(page: Page, path: string): Promise<void> {
  const response = await page.goto(path)
  expect(response?.status(), `status of ${path}`).toBe(200)
  await waitForHydration(page.getByTestId('language-switch'))
}

function isContactPost(request: Request): boolean {
  return request.method() === 'POST' && pathOf(request.url()) === `${API}/realtor-contacts`
}

/** Signs in as the demo account through the REST API and returns its bearer token. */
async function demoToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/sign-in/email', { data: DEMO_ACCOUNT })
  expect(response.status(), `sign-in answer: ${await response.text()}`).toBe(200)
  const token = response.headers()['set-auth-token']
  expect(token, 'the sign-in answer carries a bearer token in set-auth-token').toBeTruthy()
  return token!
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` }
}

/** The value shown under a label of the "In numbers" section. */
function numberValue(page: Page, label: string): Locator {
  return page
    .locator('#numbers dl > div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd')
}

/** The error text that belongs to an input: the element named by its aria-describedby. */
async function describedError(page: Page, input: Locator): Promise<Locator> {
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(input).toHaveAttribute('aria-describedby', /\S/)
  const id = (await input.getAttribute('aria-describedby'))!
  return page.locator(`[id="${id}"]`)
}

for (const p of LANGS) {
  test.describe(`homepage ${p.path}`, () => {
    test('shows every section of the demo realtor', { tag: '@phone' }, async ({ page }) => {
      await openHomepage(page, p.path)
      await expect(page.locator('html')).toHaveAttribute('lang', p.lang)

      // Hero: name, the other-language name, brokerage, license, regions, contact buttons.
      const hero = page.locator('section[aria-labelledby="hero-title"]')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name)
      await expect(hero.locator('p', { hasText: p.otherName })).toBeVisible()
      await expect(hero.locator('dd', { hasText: 'Cozy Realty Group' })).toBeVisible()
      await expect(hero.locator('dd', { hasText: 'DRE #02123456' })).toBeVisible()
      const regions = hero.getByRole('list', { name: p.areasServed }).getByRole('listitem')
      await expect(regions).toHaveText([...p.regions])

      const call = hero.getByRole('link', { name: p.call, exact: true })
      await expect(call).toBeVisible()
      await expect(call).toHaveAttribute('href', /^tel:\+1949-?555-?0123$/)
      const mail = hero.getByRole('link', { name: p.email, exact: true })
      await expect(mail).toBeVisible()
      await expect(mail).toHaveAttribute('href', 'mailto:sora.park@example.com')
      const kakao = hero.getByRole('link', { name: p.kakao, exact: true })
      await expect(kakao).toBeVisible()
      await expect(kakao).toHaveAttribute('href', 'https://open.kakao.com/o/sDemoSoraPark')
      await expect(hero.locator('a[href^="tel:"]')).toHaveCount(2)

      // About: the text in the page's language and both ID photos.
      const about = page.locator('#about')
      await expect(about).toContainText(p.about)
      for (const alt of p.idPhotos) {
        await expect(about.getByRole('img', { name: alt, exact: true })).toBeAttached()
      }
      await expect(about.getByRole('img')).toHaveCount(2)

      // Numbers.
      await expect(numberValue(page, p.homesSold)).toHaveText('128')
      await expect(numberValue(page, p.salesLastYear)).toHaveText('$18.45M')
      await expect(numberValue(page, p.years)).toHaveText(/^\d+$/)
      const years = Number(await numberValue(page, p.years).textContent())
      expect(years, 'career since 2012-03-01: at least 14 years').toBeGreaterThanOrEqual(14)

      // Video and social media.
      await expect(page.getByTestId('video-facade')).toBeVisible()
      await expect(page.getByTestId('video-player')).toHaveCount(0)
      const media = page.locator('#media')
      await expect(media.getByRole('link', { name: p.youtube, exact: true })).toHaveAttribute('href', 'https://www.youtube.com/@sorapark-demo')
      await expect(media.getByRole('link', { name: p.instagram, exact: true })).toHaveAttribute('href', 'https://www.instagram.com/sorapark.demo')

      // Gallery.
      await expect(page.getByTestId('gallery-thumbnail')).toHaveCount(6)
      await expect(page.getByTestId('gallery-thumbnail').first()).toBeVisible()

      // The additional sections, in order, in the page's language (the clients' words are reviews now, issue 14).
      const sectionHeadings = page.locator('main section[id^="section-"] > h2')
      await expect(sectionHeadings).toHaveText([...p.sections])
      for (const heading of p.sections) {
        await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible()
      }

      // Contact form.
      const form = page.getByTestId('contact-form')
      await expect(form).toBeVisible()
      await expect(form.getByTestId('contact-submit')).toBeVisible()

      // Footer disclosures.
      const footer = page.getByRole('contentinfo')
      await expect(footer).toContainText(p.footerLicence)
      await expect(footer).toContainText(p.footerBrokerage)
    })

    test(
      'every page of the site shows the fair-housing logo and statement, and the license in type no smaller than any other',
      { tag: '@phone' },
      async ({ page }) => {
        const listPath = `/cozying-api/v1/home/list?realtor=sora-park&lang=${p.lang}`
        const { homes } = (await (await page.request.get(listPath)).json()) as { homes: Array<{ url: string | null }> }
        // The status pages too (a form sent without scripts, a link from a mail): sent with no scripts at all.
        const statusPages = [`${p.path}/contact-message?status=sent`, `${p.path}/alerts`]
        for (const path of [p.path, homes[0]?.url ?? '', ...statusPages]) {
          if (statusPages.includes(path)) expect((await page.goto(path))?.status(), path).toBe(200)
          else await openHomepage(page, path)
          const fairHousing = page.getByRole('contentinfo').getByTestId('fair-housing')
          await expect(fairHousing.getByRole('img', { name: p.lang === 'ko' ? /공정 주택 기회/ : /Equal Housing Opportunity/ })).toBeVisible()
          await expect(fairHousing).toContainText(p.lang === 'ko' ? '공정주택법' : 'Fair Housing Act')
          // California DRE: the license number is never smaller than the smallest type on the page.
          const sizes = await page.evaluate((license) => {
            const px = (element: Element) => Number.parseFloat(getComputedStyle(element).fontSize)
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
            let smallest = Number.POSITIVE_INFINITY
            let licenceSize = Number.POSITIVE_INFINITY
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const element = node.parentElement
              if (!element || !node.textContent?.trim() || element.closest('.sr-only, [hidden], script, style, noscript')) continue
              const box = element.getBoundingClientRect()
              if (box.width === 0 || box.height === 0) continue
              // Compared with every other text: a license in the page's only small type would pass a
              // comparison that counted the license itself.
              if (node.textContent.includes(license)) licenceSize = Math.min(licenceSize, px(element))
              else smallest = Math.min(smallest, px(element))
            }
            return { smallest, licenceSize }
          }, 'DRE #02123456')
          expect(sizes.licenceSize, path).toBeLessThan(Number.POSITIVE_INFINITY)
          expect(sizes.licenceSize, path).toBeGreaterThanOrEqual(sizes.smallest)
        }
      },
    )

    test('the language switch keeps the same realtor in the other language', { tag: '@phone' }, async ({ page }) => {
      const other = p.lang === 'ko' ? PAGES.en : PAGES.ko
      await openHomepage(page, p.path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name)
      await page.getByTestId('language-switch').click()
      await expect(page).toHaveURL(other.path)
      await expect(page.locator('html')).toHaveAttribute('lang', other.lang)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.name)
      await expect(page.getByRole('heading', { level: 2, name: other.sections[0], exact: true })).toBeVisible()

      // And back again.
      await waitForHydration(page.getByTestId('language-switch'))
      await page.getByTestId('language-switch').click()
      await expect(page).toHaveURL(p.path)
      await expect(page.locator('html')).toHaveAttribute('lang', p.lang)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name)
    })

    test('the video facade makes no third-party request until it is clicked', { tag: '@phone' }, async ({ page, baseURL }) => {
      const requested: Array<string> = []
      page.on('request', (request) => requested.push(request.url()))
      await page.route('https://www.youtube-nocookie.com/**', (route) => route.abort())

      await openHomepage(page, p.path)
      const facade = page.getByTestId('video-facade')
      await waitForHydration(facade)
      // Bring every lazy picture in (the whole page), then let the network settle.
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
      await facade.scrollIntoViewIfNeeded()
      await page.waitForLoadState('networkidle')

      const beforeClick = [...requested]
      expect(beforeClick.length, 'the page made requests').toBeGreaterThan(0)
      const foreign = beforeClick.filter((url) => !url.startsWith(`${baseURL}/`))
      expect(foreign, 'requests to other hosts before the video is asked for').toEqual([])

      await facade.click()
      const player = page.getByTestId('video-player')
      await expect(player).toBeVisible()
      await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\b/)
      await expect(player).toHaveAttribute('title', /\S/)
      await expect(facade).toHaveCount(0)
    })

    test('the gallery opens, moves and closes from the keyboard', { tag: '@phone' }, async ({ page }) => {
      await openHomepage(page, p.path)
      const thumbnail = page.getByTestId('gallery-thumbnail').first()
      await waitForHydration(thumbnail)
      const dialog = page.getByTestId('gallery-dialog')
      await expect(dialog).toBeHidden()

      await thumbnail.focus()
      await expect(thumbnail).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(dialog).toBeVisible()
      await expect(dialog).toHaveAttribute('open', '')
      const counter = dialog.locator('[aria-live="polite"]')
      await expect(counter).toHaveText('1 / 6')

      await page.keyboard.press('ArrowRight')
      await expect(counter).toHaveText('2 / 6')

      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(dialog).not.toHaveAttribute('open')
      await expect(thumbnail).toBeFocused()
    })

    test('the contact form sends a valid message, which the realtor can read', { tag: '@phone' }, async ({ page, request }, testInfo) => {
      const message = `E2E ${p.lang} ${testInfo.project.name} ${Date.now()} — ${p.lang === 'ko' ? '집 보러 가고 싶어요' : 'I would like a tour'}`
      await openHomepage(page, p.path)
      const form = page.getByTestId('contact-form')
      await waitForHydration(form.getByTestId('contact-submit'))

      await expect(form.locator('select[name="phoneCountryCode"]')).toHaveValue(p.contact.country)
      await expect(form.locator('input[name="isTerm"]')).toBeChecked()
      // Agreeing to calls or texts is optional and never pre-ticked (issue 15 item 4).
      const phoneConsent = form.getByRole('checkbox', { name: p.lang === 'ko' ? /전화/ : /called or texted/ })
      await expect(phoneConsent).toHaveAttribute('name', 'phoneContactConsent')
      await expect(phoneConsent).not.toBeChecked()
      await form.locator('input[name="lastName"]').fill(p.contact.lastName)
      await form.locator('input[name="firstName"]').fill(p.contact.firstName)
      await form.locator('input[name="email"]').fill('minji.kim@example.com')
      await form.locator('input[name="phone"]').fill(p.contact.phone)
      await form.locator('textarea[name="message"]').fill(message)
      // A correctly filled form shows no error (a stale one would vanish on the click's
      // mousedown, move the button and swallow the click).
      await expect(form.locator('[data-testid$="-error"]'), 'no error text beside correctly filled fields').toHaveText([])

      const posted = page.waitForResponse((response) => isContactPost(response.request()))
      await form.getByTestId('contact-submit').click()
      const response = await posted
      // Only the status: the page never reads this body, so Chromium never finishes loading it
      // and response.text() would wait forever.
      expect(response.status(), 'POST realtor-contacts status').toBe(201)
      expect(response.request().postDataJSON()).toMatchObject({
        isTerm: 'Y',
        name: p.contact.joined,
        lastName: p.contact.lastName,
        firstName: p.contact.firstName,
        phoneCountryCode: p.contact.country,
        message,
        consentVersion: 'contact-v1',
        consentLang: p.lang,
        consentPage: p.path,
        phoneContactConsent: false,
        phoneContactConsentVersion: 'phone-contact-v1',
      })
      await expect(page.getByTestId('contact-success')).toBeVisible()

      // The realtor finds the message in its inbox.
      const token = await demoToken(request)
      const inbox = await request.get(`${API}/realtor-contacts`, { headers: bearer(token) })
      expect(inbox.status()).toBe(200)
      const { messages } = (await inbox.json()) as { messages: Array<Record<string, unknown>> }
      expect(messages).toEqual(expect.arrayContaining([expect.objectContaining({ message, name: p.contact.joined })]))
    })

    test(
      'without JavaScript the contact form posts, lands on its status page and goes back; refused without the terms',
      { tag: '@phone' },
      async ({ browser, baseURL, request, page: scriptedPage }, testInfo) => {
        const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
        const page = await context.newPage()
        try {
          const message = `E2E no-JS ${p.lang} ${testInfo.project.name} ${Date.now()}`
          const fill = async () => {
            const response = await page.goto(p.path)
            expect(response?.status()).toBe(200)
            const form = page.getByTestId('contact-form')
            await form.locator('input[name="lastName"]').fill(p.contact.lastName)
            await form.locator('input[name="firstName"]').fill(p.contact.firstName)
            await form.locator('input[name="email"]').fill('minji.kim@example.com')
            await form.locator('input[name="phone"]').fill(p.contact.phone)
            await form.locator('textarea[name="message"]').fill(message)
            return form
          }
          const form = await fill()
          await form.getByTestId('contact-submit').click()
          await expect(page).toHaveURL((url) => url.pathname === `${p.path}/contact-message` && url.searchParams.get('status') === 'sent')
          // Nothing the visitor wrote is in the address.
          expect(page.url()).not.toContain('minji')
          await expect(page.getByTestId('contact-status-sent')).toBeVisible()
          expect(await htmlLang(page)).toBe(p.lang)
          // axe runs as a script: the same status page, in a browser that runs them.
          await scriptedPage.goto(page.url())
          await expect(scriptedPage.getByTestId('contact-status-sent')).toBeVisible()
          const violations = await axeViolations(scriptedPage)
          expect(violations, violations.join('\n')).toEqual([])
          await page.getByTestId('contact-status-back').click()
          await expect(page).toHaveURL((url) => url.pathname === p.path)

          const token = await demoToken(request)
          const inbox = await request.get(`${API}/realtor-contacts`, { headers: bearer(token) })
          const { messages } = (await inbox.json()) as { messages: Array<Record<string, unknown>> }
          expect(messages).toEqual(expect.arrayContaining([expect.objectContaining({ message, name: p.contact.joined, isTerm: 'Y' })]))

          // The terms unticked: the status page says so, in the page's language, and nothing is stored.
          const refusedForm = await fill()
          await refusedForm.locator('input[name="isTerm"]').uncheck()
          await refusedForm.getByTestId('contact-submit').click()
          await expect(page.getByTestId('contact-status-failed')).toHaveText(p.lang === 'ko' ? /약관/ : /Agree to the terms/)
          const after = (await (await request.get(`${API}/realtor-contacts`, { headers: bearer(token) })).json()) as {
            messages: Array<Record<string, unknown>>
          }
          expect(after.messages.filter((stored) => stored.message === message)).toHaveLength(1)
        } finally {
          await context.close()
        }
      },
    )

    test('shows translated errors for a bad e-mail and phone number and sends nothing', { tag: '@phone' }, async ({ page }) => {
      const posts: Array<string> = []
      page.on('request', (request) => {
        if (isContactPost(request)) posts.push(request.url())
      })
      await openHomepage(page, p.path)
      const form = page.getByTestId('contact-form')
      const submit = form.getByTestId('contact-submit')
      await waitForHydration(submit)
      await expect(form.locator('select[name="phoneCountryCode"]')).toHaveValue(p.contact.country)

      const email = form.locator('input[name="email"]')
      const phone = form.locator('input[name="phone"]')
      await email.fill('minji@')
      await phone.fill('010-1234')
      await submit.click()

      const emailError = await describedError(page, email)
      const phoneError = await describedError(page, phone)
      await expect(emailError).toHaveText(p.invalidEmail)
      await expect(phoneError).toHaveText(p.invalidPhone)
      // They are the visible error texts beside their fields, inside the form.
      await expect(emailError).toBeVisible()
      await expect(phoneError).toBeVisible()
      await expect(form.locator('[data-testid$="-error"]').filter({ hasText: p.invalidEmail })).toHaveCount(1)
      await expect(form.locator('[data-testid$="-error"]').filter({ hasText: p.invalidPhone })).toHaveCount(1)

      await expect(page.getByTestId('contact-success')).toHaveCount(0)
      expect(posts, 'no POST to realtor-contacts for an invalid form').toEqual([])
    })

    test('sending the empty form shows one translated error per field and sends nothing', { tag: '@phone' }, async ({ page }) => {
      const posts: Array<string> = []
      page.on('request', (request) => {
        if (isContactPost(request)) posts.push(request.url())
      })
      await openHomepage(page, p.path)
      const form = page.getByTestId('contact-form')
      const submit = form.getByTestId('contact-submit')
      await waitForHydration(submit)
      await submit.click()

      const expected: Array<[string, string]> = [
        ['input[name="lastName"]', p.required.name],
        ['input[name="firstName"]', p.required.name],
        ['input[name="email"]', p.required.email],
        ['input[name="phone"]', p.required.phone],
        ['textarea[name="message"]', p.required.message],
      ]
      for (const [selector, text] of expected) {
        const error = await describedError(page, form.locator(selector))
        await expect(error, `the error beside ${selector}, once`).toHaveText(text)
      }
      await expect(page.getByTestId('contact-success')).toHaveCount(0)
      expect(posts, 'no POST to realtor-contacts for an empty form').toEqual([])
    })

    test("the realtor's privacy notice names the realtor, says how Do Not Track is treated and gives California's notice at collection", async ({ page }) => {
      // The contact form's consent links to this realtor's notice, not the site's.
      await page.goto(p.path)
      await expect(page.getByTestId('contact-form').locator('label a[target="_blank"]')).toHaveAttribute('href', `${p.path}/agreement`)
      const response = await page.goto(`${p.path}/agreement`)
      expect(response?.status()).toBe(200)
      await expect(page.getByTestId('agreement-realtor')).toContainText(p.name)
      await expect(page.locator('#california')).toBeVisible()
      await expect(page.getByTestId('agreement-effective-date')).toBeVisible()
      await expect(page.getByText('Do Not Track', { exact: false }).first()).toBeVisible()
      // The site's own notice names no realtor.
      await page.goto(p.lang === 'ko' ? '/agreement' : '/en/agreement')
      await expect(page.locator('#california')).toBeVisible()
      await expect(page.getByTestId('agreement-realtor')).toHaveCount(0)
    })

    test('an unknown realtor answers 404 with the error page', async ({ page }) => {
      const path = p.lang === 'ko' ? '/nobody-here-at-all' : '/en/nobody-here-at-all'
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      expect(await htmlLang(page)).toBe(p.lang)
      await expect(page.getByTestId('error-status')).toHaveText('404')
      await expect(page.getByTestId('error-description')).toContainText(path)
    })

    test(
      'its text is drawn in one font made for the page, from our own host; on a phone, Hangul in the phone’s own font',
      { tag: '@phone' },
      async ({ page, baseURL }, testInfo) => {
        const expectFont = expectOwnPageFont(page, baseURL, testInfo.project.name)
        await openHomepage(page, p.path)
        await expectFont()
      },
    )

    test('axe finds no violation (light)', { tag: '@phone' }, async ({ page }) => {
      await openHomepage(page, p.path)
      await page.waitForLoadState('networkidle')
      await expect(page.locator('div.dark'), 'precondition: the demo realtor is light').toHaveCount(0)
      const violations = await axeViolations(page)
      expect(violations, `axe violations on ${p.path} (light):\n${violations.join('\n')}`).toEqual([])
    })

    test('head tags: lang, title, description, og:image, canonical, hreflang, JSON-LD', async ({ page, baseURL }) => {
      const origin = new URL(requireBaseURL(baseURL)).origin
      await openHomepage(page, p.path)
      await expect(page.locator('html')).toHaveAttribute('lang', p.lang)
      await expect(page).toHaveTitle(p.title)
      await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', p.description)
      await expect(page.locator('head meta[name="description"]')).toHaveCount(1)

      const ogImage = page.locator('head meta[property="og:image"]')
      await expect(ogImage).toHaveCount(1)
      const ogImageUrl = (await ogImage.getAttribute('content')) ?? ''
      expect(ogImageUrl, 'og:image is an absolute URL on our origin').toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/\\S+`))
      const image = await page.request.get(ogImageUrl)
      expect(image.status(), `og:image ${ogImageUrl} loads`).toBe(200)
      expect(image.headers()['content-type']).toMatch(/^image\//)

      const { canonical, alternates } = await seoLinks(page)
      expect(canonical).toEqual([`${origin}${p.path}`])
      expect(alternates).toEqual({
        ko: [`${origin}/${DESIRED_URL}`],
        en: [`${origin}/en/${DESIRED_URL}`],
        'x-default': [`${origin}/${DESIRED_URL}`],
      })

      const jsonLd = page.locator('script[type="application/ld+json"]')
      await expect(jsonLd).toHaveCount(1)
      const data = JSON.parse((await jsonLd.textContent()) ?? '') as Record<string, unknown>
      expect(data).toMatchObject({
        '@type': 'RealEstateAgent',
        name: p.name,
        url: `${origin}${p.path}`,
        worksFor: { name: 'Cozy Realty Group' },
      })
    })
  })
}

test.describe('homepage in dark mode', { tag: '@phone' }, () => {
  // On a server of its own: it switches the demo realtor dark, which the other worker's specs
  // (this file's light axe check on the other project among them) read light meanwhile.
  test.use({ baseURL: async ({ demoServer }, provide) => provide(demoServer.base) })
  // The page and the header each follow their own setting: both dark, and each dark alone (the
  // header's buttons once took the page's colours and could not be read on the header's).
  test('axe finds no violation in either language, page and header dark together or apart', async ({ page, request }) => {
    const token = await demoToken(request)
    const found = await request.get(`${API}/realtor/${DESIRED_URL}`)
    expect(found.status()).toBe(200)
    const { id } = (await found.json()) as { id: string }
    expect(id).toBeTruthy()

    const setDark = async (content: 'Y' | 'N', header: 'Y' | 'N') => {
      const response = await request.patch(`${API}/realtor/${id}`, {
        headers: bearer(token),
        data: { contentDarkMode: content, designMainDarkMode: header },
      })
      expect(response.status(), `PATCH realtor (page ${content}, header ${header}): ${await response.text()}`).toBe(200)
    }

    try {
      for (const [content, header] of [
        ['Y', 'Y'],
        ['Y', 'N'],
        ['N', 'Y'],
      ] as const) {
        await setDark(content, header)
        for (const p of LANGS) {
          await openHomepage(page, p.path)
          await page.waitForLoadState('networkidle')
          await expect(page.locator('div.dark'), `precondition: ${p.path} renders its page dark: ${content}`).toHaveCount(content === 'Y' ? 1 : 0)
          const violations = await axeViolations(page)
          expect.soft(violations, `axe violations on ${p.path} (page dark ${content}, header dark ${header}):\n${violations.join('\n')}`).toEqual([])
        }
      }
    } finally {
      await setDark('N', 'N')
    }
  })
})

test.describe('nothing private in public payloads', () => {
  test('the homepage and a listing page carry neither the owner’s account id nor the realtor’s bookkeeping times (issue 15)', async ({ request }) => {
    const token = await demoToken(request)
    const session = await request.get('/api/auth/get-session', { headers: bearer(token) })
    const { user } = (await session.json()) as { user: { id: string } }
    expect(user.id).toBeTruthy()
    const { homes } = (await (await request.get(`${API}/home/list?realtor=${DESIRED_URL}&lang=en`)).json()) as { homes: Array<{ url: string | null }> }
    for (const path of ['/sora-park', '/en/sora-park', homes[0]?.url ?? '']) {
      const html = await (await request.get(path)).text()
      expect(html, path).toContain('sora-park')
      expect(html, path).not.toContain(user.id)
      expect(html, path).not.toMatch(/\buserId\b/)
    }
    const api = await (await request.get(`${API}/realtor/${DESIRED_URL}`)).text()
    expect(api).not.toContain(user.id)
  })
})

test.describe('a visitor’s first download', () => {
  /*
   * Strings only these libraries' code carries. A route option that is not code-split (a
   * `head`, a `validateSearch`) importing a page module once pulled the sign-in page, with
   * the form library, zod and the auth client, into every visitor's first download (+57 KB
   * gzip, Lighthouse 100 → 99).
   */
  // Nor React itself: the homepage is an islands page (decision 051), which starts with the islands
  // runtime alone and loads React when an island nears the viewport.
  const WORKSPACE_ONLY_CODE = { zod: '$ZodObject', 'TanStack Form': 'fieldMetaBase', 'the auth client': 'better-auth', 'React DOM': '__reactContainer' }

  test('the homepage loads no validator, form library or auth client before the visitor touches the form', async ({ page }) => {
    const scripts: Array<Promise<string>> = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text())
    })
    await openHomepage(page, PAGES.ko.path)
    await page.waitForLoadState('networkidle')
    const code = (await Promise.all(scripts)).join('\n')
    expect(code.length, 'the islands runtime').toBeGreaterThan(1_000)
    for (const [library, marker] of Object.entries(WORKSPACE_ONLY_CODE)) {
      expect(code.includes(marker), `${library} is in the homepage's first download`).toBe(false)
    }
  })
})

test.describe('responsive photos (issue 31 item 3)', { tag: '@phone' }, () => {
  /** The URLs of a srcset, each with its width descriptor. */
  function candidates(srcset: string): Array<{ url: string; width: number }> {
    return srcset.split(',').map((part) => {
      const [url = '', descriptor = ''] = part.trim().split(/\s+/)
      return { url, width: Number(descriptor.replace(/w$/, '')) }
    })
  }

  async function expectWebp(request: APIRequestContext, url: string): Promise<void> {
    const response = await request.get(url)
    expect(response.status(), url).toBe(200)
    expect(response.headers()['content-type'], url).toBe('image/webp')
    const bytes = await response.body()
    // RIFF....WEBP: an image, not an error page served as one.
    expect(bytes.subarray(0, 4).toString('latin1'), url).toBe('RIFF')
    expect(bytes.subarray(8, 12).toString('latin1'), url).toBe('WEBP')
  }

  test('the lead photo offers its WebP widths with sizes, keeps fetchpriority, and every variant answers', async ({ page, request }) => {
    await page.goto(PAGES.ko.path)
    const hero = page.locator('section[aria-labelledby="hero-title"] img[fetchpriority="high"]')
    await expect(hero).toHaveCount(1)
    await expect(hero).toHaveAttribute('sizes', '100vw')
    const srcset = (await hero.getAttribute('srcset')) ?? ''
    const offered = candidates(srcset)
    expect(offered.map((candidate) => candidate.width)).toEqual([640, 1024, 1600])
    for (const candidate of offered) {
      expect(candidate.url).toMatch(new RegExp(`\\.w${candidate.width}\\.webp$`))
      await expectWebp(request, candidate.url)
    }
    // The original stays the src: the JPEG a client without srcset reads.
    const src = (await hero.getAttribute('src')) ?? ''
    expect(offered[0]?.url.startsWith(src)).toBe(true)
    // The browser took one of the variants, not the original.
    await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.w(640|1024|1600)\.webp$/)
  })

  test('the portraits, the logos and the gallery name variants that exist', async ({ page, request }) => {
    await page.goto(PAGES.en.path)
    const images = page.locator('main img[srcset], header img[srcset]')
    const sources = await images.evaluateAll((elements) =>
      elements.map((element) => ({ srcset: element.getAttribute('srcset') ?? '', sizes: element.getAttribute('sizes') })),
    )
    // The hero, two logos in it, two portraits and the gallery's thumbnails at least.
    expect(sources.length).toBeGreaterThanOrEqual(6)
    for (const source of sources) expect(source.sizes, source.srcset).toBeTruthy()
    const portrait = page.getByRole('img', { name: PAGES.en.idPhotos[0], exact: true })
    await expect(portrait).toHaveAttribute('srcset', /\.w\d+\.webp \d+w/)
    const gallery = page.getByTestId('gallery-thumbnail').first().locator('img')
    await expect(gallery).toHaveAttribute('srcset', /\.thumb\.webp 480w, .*\.w640\.webp 640w/)
    const urls = new Set(sources.flatMap((source) => candidates(source.srcset).map((candidate) => candidate.url)))
    for (const url of urls) await expectWebp(request, url)
  })

  test("a realtor's other pages name the logo's variants in their header too", async ({ page, request }) => {
    // The frame of the blog, a listing, the home search, home value and the market reports.
    for (const path of [`${PAGES.en.path}/blog`, `${PAGES.ko.path}/home-value`]) {
      await page.goto(path)
      const logo = page.getByRole('banner').locator('img').first()
      await expect(logo, path).toHaveAttribute('sizes', '32px')
      const offered = candidates((await logo.getAttribute('srcset')) ?? '')
      expect(offered.length, path).toBeGreaterThan(0)
      for (const candidate of offered) await expectWebp(request, candidate.url)
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.currentSrc), { message: path }).toMatch(/\.w\d+\.webp$/)
    }
  })
})
