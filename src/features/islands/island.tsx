import { I18nProvider, useLingui } from '@lingui/react'
import { createContext, useContext, useId, type ReactNode } from 'react'
import { useVisitorPage, VisitorPageProvider } from '~/components/visitor-page'
import type { IslandDefinition } from './define-island'
import { ISLAND_ATTRIBUTES, type IslandWhen } from './island-names'

/** Renders an island's own React root to HTML; given by the server entry only (src/server/islands). */
export type IslandHtmlRenderer = (root: ReactNode, identifierPrefix: string) => string

let renderIslandHtml: IslandHtmlRenderer | undefined

/** Called once by the server entry, when the build has an islands runtime to hydrate what it renders. */
export function renderIslandsWith(renderer: IslandHtmlRenderer): void {
  renderIslandHtml = renderer
}

const IslandsPageContext = createContext(false)

/**
 * A page sent with the islands runtime instead of the app's scripts (decision 051), or with no
 * script at all. Its route also says so to the server (`islandsPage` or
 * `noPageScriptsUnlessTagged` in src/lib/page-scripts.ts).
 */
export function IslandsPage({ children }: { children: ReactNode }) {
  return <IslandsPageContext.Provider value={true}>{children}</IslandsPageContext.Provider>
}

/**
 * Whether this render is the server's render of an islands page, which no app hydrates: the
 * page's static parts then render for the islands runtime (an edit link as a template, say).
 * Always false in the browser, where a page of the app renders everything itself.
 */
export function useIslandsRender(): boolean {
  return useContext(IslandsPageContext) && renderIslandHtml !== undefined
}

/**
 * An interactive part of a public page. In the app (the editor's preview, a page the router
 * renders) it is its component. On the server's render of an islands page it is that
 * component rendered in a React root of its own, inside an element that carries its props as
 * JSON: the browser hydrates that root alone, with the same `identifierPrefix`, so every id
 * `useId` makes matches. The element is `display: contents`: the layout is the component's.
 */
export function Island<Props extends object>({ of, props, when = 'visible' }: { of: IslandDefinition<Props>; props: Props; when?: IslandWhen }) {
  const islandsRender = useIslandsRender()
  const { i18n } = useLingui()
  const page = useVisitorPage()
  const id = useId()
  const { Component } = of
  if (!islandsRender || !renderIslandHtml) return <Component {...props} />
  const identifierPrefix = `${of.name}-${id.replace(/[^\w-]/g, '')}-`
  const html = renderIslandHtml(
    <I18nProvider i18n={i18n}>
      <VisitorPageProvider page={page}>
        <Component {...props} />
      </VisitorPageProvider>
    </I18nProvider>,
    identifierPrefix,
  )
  return (
    <div
      className="contents"
      {...{
        [ISLAND_ATTRIBUTES.name]: of.name,
        [ISLAND_ATTRIBUTES.when]: when,
        [ISLAND_ATTRIBUTES.prefix]: identifierPrefix,
        [ISLAND_ATTRIBUTES.props]: JSON.stringify(props),
        [ISLAND_ATTRIBUTES.page]: JSON.stringify(page),
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
