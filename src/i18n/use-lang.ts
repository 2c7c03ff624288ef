import { useRouterState } from '@tanstack/react-router'
import { langFromPath, type Lang } from '~/lib/lang'

/** The language of the page being shown, read from its URL (spec §2). */
export function useLang(): Lang {
  return useRouterState({ select: (state) => langFromPath(state.location.pathname) })
}
