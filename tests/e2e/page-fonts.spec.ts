import { expect, test } from '@playwright/test'
import { expectOwnPageFont } from './helpers.ts'

/**
 * Every page sent without the app (an islands page, or one without scripts) is drawn in one font
 * cut to its own characters, as the homepage is (homepage.spec.ts): the unicode-range subsets
 * its text needed were eleven files (~330 KB) on the home value page, which held its largest
 * paint at ~3 s in Lighthouse's mobile run.
 */
const PAGES = [
  { name: 'home value', path: '/sora-park/home-value' },
  { name: 'home search', path: '/en/sora-park/homes' },
  { name: 'market report', path: '/en/sora-park/market/irvine-ca' },
  { name: 'blog', path: '/sora-park/blog' },
  { name: 'directory', path: '/en/realtors' },
  { name: 'landing', path: '/en' },
  { name: 'privacy notice', path: '/agreement' },
]

for (const target of PAGES) {
  test(`the ${target.name} (${target.path}) is drawn in the font made for it`, { tag: '@phone' }, async ({ page, baseURL }, testInfo) => {
    const expectFont = expectOwnPageFont(page, baseURL, testInfo.project.name)
    const response = await page.goto(target.path)
    expect(response?.status()).toBe(200)
    await expectFont()
  })
}
