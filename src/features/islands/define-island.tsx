import type { ComponentType, ReactElement } from 'react'
import type { IslandName } from './island-names'

/**
 * An interactive part of a public page that hydrates on its own (decision 051): its name and
 * component. The zod schema of its props, which travel as JSON in the page, is paired with it in
 * the browser's registry only (`island-registry.ts`), so a page of the app carries no schema.
 */
export type IslandDefinition<Props extends object> = { name: IslandName; Component: ComponentType<Props> }

export function defineIsland<Props extends object>(name: IslandName, Component: ComponentType<Props>): IslandDefinition<Props> {
  return { name, Component }
}

/** What the browser needs of an island: its element from the props the page carries, or undefined when they do not fit. */
export type HydratableIsland = { elementFrom: (json: unknown) => ReactElement | undefined }

/** What `hydratable` needs of a props schema: zod's `safeParse`, in its full build or its mini one. */
export type PropsSchema<Props> = { safeParse: (value: unknown) => { success: true; data: Props } | { success: false } }

/** An island with the schema of its props (checked against its component's by the compiler). */
export function hydratable<Props extends object>({ Component }: IslandDefinition<Props>, props: PropsSchema<Props>): HydratableIsland {
  return {
    elementFrom: (json) => {
      const parsed = props.safeParse(json)
      return parsed.success ? <Component {...parsed.data} /> : undefined
    },
  }
}
