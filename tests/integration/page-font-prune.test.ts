import { afterAll, beforeAll, expect, it } from 'vitest'
import { databaseFontRecipes, PageFonts } from '../../src/server/fonts/page-font'
import { PAGE_FONT_UNUSED_DAYS, prunePageFonts } from '../../src/server/fonts/page-font-prune'
import type { AppServices } from '../../src/server/services'
import { createTestApp, describeOnEachDatabase, type TestApp } from './harness'

/*
 * Page fonts' recipes (`page_font`) are pruned once unused for months, on each database: a
 * recipe a page named again or a browser asked for stays, one nobody used goes, and a process
 * serving a font marks its recipe used.
 */

const DAY_MS = 24 * 60 * 60_000
const MADE = new Date('2026-03-10T12:00:00.000Z')
const LATER = new Date(MADE.getTime() + (PAGE_FONT_UNUSED_DAYS + 10) * DAY_MS)

describeOnEachDatabase('Page fonts unused for months', (database) => {
  let app: TestApp
  let s: AppServices

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
  })

  afterAll(async () => {
    await app.close()
  })

  const recipesAt = (at: Date) => databaseFontRecipes(() => Promise.resolve({ db: s.db, now: () => at }))
  const usedAt = async (key: string) => (await s.db.selectFrom('pageFont').select('usedAt').where('key', '=', key).executeTakeFirst())?.usedAt

  it('go once nobody used them, and stay while a page names them or a browser asks for them', async () => {
    const then = recipesAt(MADE)
    for (const key of ['prune-unused', 'prune-fetched', 'prune-named']) await then.save(key, 'abc')
    const now = recipesAt(LATER)
    // A browser asked for one's font; a page named the other again.
    await now.used('prune-fetched')
    await now.save('prune-named', 'abc')

    expect(await prunePageFonts(s.db, LATER)).toBe(1)
    const kept = await s.db.selectFrom('pageFont').select('key').where('key', 'like', 'prune-%').orderBy('key').execute()
    expect(kept.map((row) => row.key)).toEqual(['prune-fetched', 'prune-named'])
    expect(await usedAt('prune-named')).toBe(LATER.toISOString())
    expect(await prunePageFonts(s.db, LATER)).toBe(0)
  })

  it('a process serving a page font marks its recipe used', async () => {
    const naming = new PageFonts({ recipes: recipesAt(MADE) })
    const urls = await naming.fontsFor(`<!DOCTYPE html><html><head></head><body><p>Pruned fonts ${database.name}</p></body></html>`, 'when asked')
    const key = /([\w-]{22})\.ttf$/.exec(urls?.full ?? '')?.[1]
    expect(key).toBeDefined()
    if (!key) return
    expect(await usedAt(key)).toBe(MADE.toISOString())

    // Another process, months later, serves it from the recipe: the recipe is used again.
    const serving = new PageFonts({ recipes: recipesAt(LATER) })
    const response = await serving.respond(new Request(`http://localhost${urls?.full ?? ''}`, { headers: { 'accept-encoding': 'br' } }))
    expect(response.status).toBe(200)
    await expect.poll(() => usedAt(key)).toBe(LATER.toISOString())
    expect(await prunePageFonts(s.db, LATER)).toBe(0)
    expect(await usedAt(key)).toBe(LATER.toISOString())
  })
})
