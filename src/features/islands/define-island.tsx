import type { ComponentType, ReactElement } from 'react'
import type { z } from 'zod'
import type { IslandName } from './island-names'

/**
 * An interactive part of a public page that hydrates on its own (decision 051): its component
 * and the zod schema of its props, which travel as JSON in the page. `elementFrom` turns that
 * JSON back into the component's element, or undefined when it does not fit (the server's
 * markup then stays as it is, and its forms post without scripts).
 */
export type IslandDefinition<Props extends object> = {
  name: IslandName
  Component: ComponentType<Props>
  props: z.ZodType<Props>
  elementFrom: (json: unknown) => ReactElement | undefined
}

export function defineIsland<Props extends object>(name: IslandName, Component: ComponentType<Props>, props: z.ZodType<Props>): IslandDefinition<Props> {
  return {
    name,
    Component,
    props,
    elementFrom: (json) => {
      const parsed = props.safeParse(json)
      return parsed.success ? <Component {...parsed.data} /> : undefined
    },
  }
}
