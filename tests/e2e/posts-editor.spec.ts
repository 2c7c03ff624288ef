import { type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { axeViolations, requireBaseURL, waitForHydration } from './helpers.ts'
import { expect, test } from './fixtures.ts'

/*
 * Issue 28 in the workspace, Korean and English, on the desktop (decision 056): a realtor writes a
 * neighborhood guide with the rich-text editor (a heading, a list, a link and an uploaded photo),
 * previews it as the server will store it, publishes it and a visitor reads it; unpublishing
 * takes it down; a scheduled post appears at its time; and markup pasted into the editor runs
 * nowhere. axe finds nothing on the workspace's post views, light and dark.
 */

const TEXT = {
  ko: {
    prefix: '',
    title: '어바인 학군 안내',
    heading: '학교',
    slug: 'irvine-schools',
    published: /게시했습니다/,
    scheduled: /게시를 예약했습니다/,
    draft: /임시 저장했습니다/,
  },
  en: {
    prefix: '/en',
    title: 'Irvine schools guide',
    heading: 'Schools',
    slug: 'irvine-schools-guide',
    published: /is published/,
    scheduled: /is scheduled/,
    draft: /saved as a draft/,
  },
} as const

async function photo(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="100%" height="100%" fill="#0F766E"/><circle cx="450" cy="300" r="200" fill="#F59E0B"/></svg>'
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
}

async function openNewPost(page: Page, prefix: string, desiredUrl: string): Promise<Locator> {
  await page.goto(`${prefix}/${desiredUrl}/admin?tab=posts`)
  const panel = page.getByTestId('posts-panel')
  await waitForHydration(panel.getByTestId('post-new'))
  await panel.getByTestId('post-new').click()
  const form = page.getByTestId('post-form')
  await expect(form).toBeVisible()
  return form
}

/** Whether Tiptap's selection (its state's, which keys act on, not only the browser's) is a caret; runs in the page. */
function editorSelectionIsCaret(element: Element): boolean {
  // Tiptap keeps its editor on the editable element (`dom.editor`).
  const instance: unknown = Reflect.get(element, 'editor')
  const state: unknown = typeof instance === 'object' && instance !== null ? Reflect.get(instance, 'state') : undefined
  const selection: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'selection') : undefined
  return typeof selection === 'object' && selection !== null && Reflect.get(selection, 'empty') === true
}

/** The editor of one language, once Tiptap has loaded. */
async function bodyEditor(form: Locator, lang: 'ko' | 'en'): Promise<Locator> {
  const editor = form.getByTestId(lang === 'ko' ? 'post-bodyKo' : 'post-bodyEn')
  await expect(editor).toHaveAttribute('contenteditable', 'true')
  return editor
}

for (const lang of ['ko', 'en'] as const) {
  const text = TEXT[lang]
  const field = (name: string) => `post-${name}${lang === 'ko' ? 'Ko' : 'En'}`

  test(`${lang}: a realtor writes a guide with a heading, a list, a link and a photo; a visitor reads it; unpublished, it is gone`, async ({
    page,
    browser,
    baseURL,
    realtor,
  }) => {
    test.setTimeout(120_000)
    const base = requireBaseURL(baseURL)

    await page.goto(`${text.prefix}/${realtor.desiredUrl}/admin?tab=posts`)
    const panel = page.getByTestId('posts-panel')
    await waitForHydration(panel.getByTestId('post-new'))
    await expect(panel.getByTestId('posts-empty')).toBeVisible()
    const form = await openNewPost(page, text.prefix, realtor.desiredUrl)

    // A guide names its place and shows the fair-housing note in the realtor's language.
    await form.getByTestId('post-kind').selectOption('guide')
    await expect(form.getByTestId('fair-housing-note')).toContainText(lang === 'ko' ? '사람이 아니라 장소를 설명하세요' : 'describe places, not people')
    await form.getByTestId('post-city').fill('Irvine')
    await form.getByTestId('post-state').fill('CA')
    await form.getByTestId(field('title')).fill(text.title)
    if (lang === 'en') await expect(form.getByTestId('post-slug')).toHaveValue(text.slug)
    else await form.getByTestId('post-slug').fill(text.slug)

    const editor = await bodyEditor(form, lang)
    await editor.click()
    await form.getByTestId(`${field('body')}-h2`).click()
    // A toolbar button gives the focus back to the editor a frame later (tiptap's focus command);
    // Korean text arrives as one inserted string, at once, and went nowhere when typed before it.
    await expect(editor).toBeFocused()
    await page.keyboard.type(text.heading)
    await page.keyboard.press('Enter')
    await page.keyboard.type('Three reasons:')
    await page.keyboard.press('Enter')
    await form.getByTestId(`${field('body')}-bullets`).click()
    await expect(editor).toBeFocused()
    await page.keyboard.type('Parks')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Libraries')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('District site')
    await page.keyboard.press('Shift+Home')
    await expect.poll(() => page.evaluate(() => String(window.getSelection()))).toBe('District site')
    await form.getByTestId(`${field('body')}-link`).click()
    // A scheme that would run script is refused beside the field, announced, and named by it.
    const href = form.getByTestId(`${field('body')}-link-href`)
    await href.fill('javascript:alert(1)')
    await form.getByTestId(`${field('body')}-link-apply`).click()
    const linkError = form.getByTestId(`${field('body')}-link-panel`).getByRole('alert')
    await expect(linkError).toBeVisible()
    await expect(href).toHaveAttribute('aria-invalid', 'true')
    await expect(href).toHaveAccessibleDescription(await linkError.innerText())
    await href.fill('iusd.org')
    await form.getByTestId(`${field('body')}-link-apply`).click()
    // No scheme typed: the web's is assumed.
    await expect(editor.locator('a[href="https://iusd.org"]')).toHaveText('District site')
    // The editor takes the focus back (a frame later); keys pressed before would go nowhere.
    await expect(editor).toBeFocused()
    await page.keyboard.press('End')
    // Enter acts on the editor's own selection, which follows the browser's caret a moment after
    // End; pressed before, it replaced the still-selected link text with a new line.
    await expect.poll(() => editor.evaluate(editorSelectionIsCaret)).toBe(true)
    await page.keyboard.press('Enter')
    await form.getByTestId(`${field('body')}-image`).click()
    await form.getByTestId(`${field('body')}-image-file`).setInputFiles({ name: 'park.jpg', mimeType: 'image/jpeg', buffer: await photo() })
    // A photo without words for those who cannot see it is held back, and the field says why.
    await form.getByTestId(`${field('body')}-image-insert`).click()
    const alt = form.getByTestId(`${field('body')}-image-alt`)
    const altError = form.getByTestId(`${field('body')}-image-panel`).getByRole('alert')
    await expect(altError).toBeVisible()
    await expect(alt).toHaveAccessibleDescription(await altError.innerText())
    await expect(editor.locator('img')).toHaveCount(0)
    await alt.fill('Heritage Park lake')
    await form.getByTestId(`${field('body')}-image-insert`).click()
    await expect(editor.locator('img')).toHaveAttribute('alt', 'Heritage Park lake')
    await expect(editor.locator('h2')).toHaveText(text.heading)
    await expect(editor.locator('li')).toHaveCount(2)

    // The preview is the server's sanitised text: the link to another site is nofollow.
    await form.getByTestId('post-preview').click()
    const preview = page.getByTestId('post-preview-panel')
    await expect(preview.locator('h2', { hasText: text.heading })).toBeVisible()
    await expect(preview.locator('a[href="https://iusd.org"]')).toHaveAttribute('rel', 'nofollow noopener')
    expect(await axeViolations(page)).toEqual([])

    await form.getByTestId('post-status-published').check()
    await form.getByTestId('post-save').click()
    await expect(panel.getByTestId('posts-status')).toHaveText(text.published)
    await expect(panel.getByTestId('posts-item')).toHaveCount(1)

    // A visitor (no session) reads it on the public page.
    const visitor = await browser.newContext()
    try {
      const reader = await visitor.newPage()
      const response = await reader.goto(`${base}${text.prefix}/${realtor.desiredUrl}/blog/${text.slug}`)
      expect(response?.status()).toBe(200)
      await expect(reader.getByRole('heading', { level: 1 })).toHaveText(text.title)
      const body = reader.getByTestId('post-body')
      await expect(body.locator('h2')).toHaveText(text.heading)
      await expect(body.locator('ul > li')).toHaveText(['Parks', 'Libraries'])
      await expect(body.locator('a', { hasText: 'District site' })).toHaveAttribute('rel', 'nofollow noopener')
      const image = body.locator('img')
      await expect(image).toHaveAttribute('alt', 'Heritage Park lake')
      // The photo is served: a real upload, not a data URL.
      expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0)
      expect(await axeViolations(reader)).toEqual([])

      // Unpublished (back to draft), the page is gone for visitors.
      await panel.getByTestId('posts-edit').click()
      await page.getByTestId('post-status-draft').check()
      await page.getByTestId('post-save').click()
      await expect(panel.getByTestId('posts-status')).toHaveText(text.draft)
      const gone = await reader.goto(`${base}${text.prefix}/${realtor.desiredUrl}/blog/${text.slug}`)
      expect(gone?.status()).toBe(404)
    } finally {
      await visitor.close()
    }
  })
}

test('a scheduled post appears at its time, written and scheduled in the workspace', async ({ page, request, realtor }) => {
  test.setTimeout(90_000)
  const form = await openNewPost(page, '/en', realtor.desiredUrl)
  await form.getByTestId('post-titleEn').fill('Market notes for December')
  const editor = await bodyEditor(form, 'en')
  await editor.click()
  await page.keyboard.type('Inventory is up.')
  await form.getByTestId('post-status-scheduled').check()
  // Twelve seconds from now in the browser's own clock and zone, to the second.
  const { local, dueAt } = await page.evaluate(() => {
    const due = new Date(Date.now() + 12_000)
    const pad = (value: number) => String(value).padStart(2, '0')
    return {
      local: `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}T${pad(due.getHours())}:${pad(due.getMinutes())}:${pad(due.getSeconds())}`,
      dueAt: due.getTime(),
    }
  })
  await form.getByTestId('post-publishAtLocal').fill(local)
  await form.getByTestId('post-save').click()
  await expect(page.getByTestId('posts-status')).toHaveText(/is scheduled/)
  await expect(page.getByTestId('posts-item')).toContainText('Scheduled for')

  const address = `/en/${realtor.desiredUrl}/blog/market-notes-for-december`
  expect((await request.get(address)).status()).toBe(404)
  await page.waitForTimeout(Math.max(0, dueAt - Date.now()) + 1_000)
  expect((await request.get(address)).status()).toBe(200)
  await page.goto(`/en/${realtor.desiredUrl}/blog`)
  await expect(page.getByTestId('blog-posts').getByRole('article')).toHaveCount(1)
})

test('markup pasted into the editor runs nowhere: not in the workspace, not on the public page', async ({ page, browser, baseURL, realtor }) => {
  const base = requireBaseURL(baseURL)
  const dialogs: Array<string> = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const form = await openNewPost(page, '/en', realtor.desiredUrl)
  await form.getByTestId('post-titleEn').fill('<img src=x onerror="window.__xss=\'title\'">')
  await form.getByTestId('post-slug').fill('pasted')
  const editor = await bodyEditor(form, 'en')
  await editor.click()
  const payloads = [
    '<p>Kept text</p>',
    '<script>window.__xss = "script"</script>',
    '<img src="x" onerror="window.__xss = \'onerror\'">',
    '<a href="javascript:window.__xss=\'href\'" id="js-link">javascript link</a>',
    '<svg onload="window.__xss = \'svg\'"><script>window.__xss = "svg-script"</script></svg>',
    '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
    '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
    '<p style="background:url(javascript:window.__xss=1)" onclick="window.__xss=1">styled</p>',
    '<p>unclosed <b><i>markup <img src=x onerror=alert(1)//',
  ].join('')
  // A paste as the browser delivers one: a ClipboardEvent carrying text/html.
  await editor.evaluate((element, html) => {
    const data = new DataTransfer()
    data.setData('text/html', html)
    data.setData('text/plain', 'fallback')
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, payloads)
  await expect(editor).toContainText('Kept text')
  await expect(editor.locator('script, iframe, svg, [onerror], [onclick], [style]')).toHaveCount(0)
  await expect(editor.locator('a[href^="javascript:"], img[src^="data:"]')).toHaveCount(0)
  await form.getByTestId('post-status-published').check()
  await form.getByTestId('post-save').click()
  await expect(page.getByTestId('posts-status')).toHaveText(/is published/)
  expect(await page.evaluate(() => Reflect.get(window, '__xss') as unknown)).toBeUndefined()

  const visitor = await browser.newContext()
  try {
    const reader = await visitor.newPage()
    reader.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    for (const address of [`/en/${realtor.desiredUrl}/blog/pasted`, `/en/${realtor.desiredUrl}/blog`, `/en/${realtor.desiredUrl}`]) {
      const response = await reader.goto(`${base}${address}`)
      expect(response?.status()).toBe(200)
      await reader.waitForLoadState('networkidle')
      await reader.waitForTimeout(300)
      expect(await reader.evaluate(() => Reflect.get(window, '__xss') as unknown)).toBeUndefined()
    }
    await reader.goto(`${base}/en/${realtor.desiredUrl}/blog/pasted`)
    const body = reader.getByTestId('post-body')
    await expect(body).toContainText('Kept text')
    await expect(body.locator('script, iframe, svg, [onerror], [onclick], [style]')).toHaveCount(0)
    // The title is text, shown as typed, never markup.
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('<img src=x onerror="window.__xss=\'title\'">')
  } finally {
    await visitor.close()
  }
  expect(dialogs).toEqual([])
})

test('axe finds nothing on the posts list and the post form, light and dark', async ({ page, realtor }) => {
  test.setTimeout(90_000)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const prefix of ['', '/en']) {
      await page.goto(`${prefix}/${realtor.desiredUrl}/admin?tab=posts`)
      await waitForHydration(page.getByTestId('post-new'))
      expect(await axeViolations(page), `${scheme} ${prefix || '/'} list`).toEqual([])
      const form = await openNewPost(page, prefix, realtor.desiredUrl)
      await form.getByTestId('post-kind').selectOption('guide')
      await bodyEditor(form, 'ko')
      await form.getByTestId('post-bodyKo-link').click()
      await form.getByTestId('post-bodyKo-image').click()
      // Sent empty, then with an address: each error shows beside its field.
      await form.getByTestId('post-save').click()
      await expect(form.getByTestId('post-slug')).toHaveAttribute('aria-invalid', 'true')
      await expect(form.getByTestId('post-slug')).toBeFocused()
      await form.getByTestId('post-slug').fill('a-guide')
      await form.getByTestId('post-save').click()
      await expect(form.getByTestId('post-city')).toHaveAttribute('aria-invalid', 'true')
      await expect(form.getByTestId('post-titleKo')).toHaveAttribute('aria-invalid', 'true')
      expect(await axeViolations(page), `${scheme} ${prefix || '/'} form`).toEqual([])
      await form.getByTestId('post-cancel').click()
    }
  }
})
