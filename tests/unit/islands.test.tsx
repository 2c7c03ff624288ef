import { I18nProvider } from '@lingui/react'
import { useId, useState } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { VisitorPageProvider } from '~/components/visitor-page'
import { defineIsland, hydratable } from '~/features/islands/define-island'
import { Island, IslandsPage, renderIslandsWith } from '~/features/islands/island'
import { ISLAND_ATTRIBUTES, ISLAND_NAMES } from '~/features/islands/island-names'
import { islandLoaders } from '~/features/islands/island-registry'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { visitFromJson } from '~/lib/visit-beacon'

/* Islands (issue 31, decision 051): what the server renders for the runtime, and what the browser's registry hydrates. */

function Counter({ label, start }: { label: string; start: number }) {
  const id = useId()
  const [count] = useState(start)
  return (
    <label htmlFor={id}>
      {label} <input id={id} defaultValue={count} />
    </label>
  )
}
const counterIsland = defineIsland('gallery', Counter)
const counterProps = z.object({ label: z.string(), start: z.number() })

async function render(islandsPage: boolean): Promise<string> {
  await loadCatalog('en')
  const content = (
    <>
      <p>static</p>
      <Island of={counterIsland} props={{ label: 'A <b>label</b>', start: 3 }} />
    </>
  )
  return renderToString(
    <I18nProvider i18n={i18nFor('en')}>
      <VisitorPageProvider page={{ path: '/en/sora-park' }}>{islandsPage ? <IslandsPage>{content}</IslandsPage> : content}</VisitorPageProvider>
    </I18nProvider>,
  )
}

describe('an island on the server', () => {
  it('is its component alone until the server can render islands, and on a page that is not an islands page', async () => {
    const plain = await render(true)
    expect(plain).not.toContain(ISLAND_ATTRIBUTES.name)
    expect(plain).toContain('A &lt;b&gt;label&lt;/b&gt;')

    renderIslandsWith((root, identifierPrefix) => renderToString(root, { identifierPrefix }))
    expect(await render(false)).not.toContain(ISLAND_ATTRIBUTES.name)
  })

  it('on an islands page is a root of its own that the browser hydrates to the very same markup', async () => {
    renderIslandsWith((root, identifierPrefix) => renderToString(root, { identifierPrefix }))
    const html = await render(true)
    const element =
      /<div class="contents" data-island="gallery" data-island-when="visible" data-island-prefix="([^"]+)" data-island-props="([^"]+)" data-island-page="([^"]+)">([\s\S]*?)<\/div>/.exec(
        html,
      )
    expect(element, html).not.toBeNull()
    const [, prefix = '', props = '', page = '', inner = ''] = element ?? []
    const unescape = (text: string) =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    expect(JSON.parse(unescape(props))).toEqual({ label: 'A <b>label</b>', start: 3 })
    expect(JSON.parse(unescape(page))).toEqual({ path: '/en/sora-park' })
    // The text is escaped, never markup, and the ids carry the island's own prefix.
    expect(inner).toContain('A &lt;b&gt;label&lt;/b&gt;')
    expect(inner).toMatch(new RegExp(`id="[^"]*${prefix}`))

    // What the runtime renders from the JSON, with the same prefix, is what the server sent.
    const content = hydratable(counterIsland, counterProps).elementFrom(JSON.parse(unescape(props)))
    expect(content).toBeDefined()
    const browser = renderToString(
      <I18nProvider i18n={i18nFor('en')}>
        <VisitorPageProvider page={{ path: '/en/sora-park' }}>{content}</VisitorPageProvider>
      </I18nProvider>,
      { identifierPrefix: prefix },
    )
    expect(browser).toBe(inner)
  })

  it('leaves props that do not fit the schema to the server’s markup', () => {
    const island = hydratable(counterIsland, counterProps)
    expect(island.elementFrom({ label: 'x' })).toBeUndefined()
    expect(island.elementFrom(undefined)).toBeUndefined()
  })
})

describe("the browser's registry", () => {
  it('loads every island by its name', async () => {
    for (const name of ISLAND_NAMES) {
      const island = await islandLoaders[name]()
      expect(typeof island.elementFrom, name).toBe('function')
    }
  })
})

describe('the view an islands page names for its runtime', () => {
  it('is read only when it is a whole view', () => {
    expect(visitFromJson('{"realtorId":"r1","page":"home","lang":"ko"}')).toEqual({ realtorId: 'r1', page: 'home', lang: 'ko' })
    expect(visitFromJson('{"realtorId":"r1","page":"listing","listingKey":"K","lang":"en"}')).toEqual({
      realtorId: 'r1',
      page: 'listing',
      listingKey: 'K',
      lang: 'en',
    })
    expect(visitFromJson('{"realtorId":"r1","page":"admin","lang":"ko"}')).toBeUndefined()
    expect(visitFromJson('{"page":"home","lang":"ko"}')).toBeUndefined()
    expect(visitFromJson('not json')).toBeUndefined()
    expect(visitFromJson('null')).toBeUndefined()
  })
})
