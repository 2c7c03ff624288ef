import { useLingui } from '@lingui/react/macro'
import { useRef, type KeyboardEvent } from 'react'
import type { SignInMode } from './sign-in-flow'

/** Where each key moves in a tab list (WAI-ARIA): around at the ends, Home and End to the ends. */
const TAB_KEYS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => (index === last ? 0 : index + 1),
  ArrowLeft: (index, last) => (index === 0 ? last : index - 1),
  Home: () => 0,
  End: (_index, last) => last,
}

/**
 * Tabs between signing in and creating an account (WAI-ARIA tabs: arrow keys, Home and End
 * move between them; only the selected one is in the Tab order).
 */
export function ModeTabs(props: { mode: SignInMode; onChange: (mode: SignInMode) => void; panelId: string; tabId: (mode: SignInMode) => string }) {
  const { t } = useLingui()
  const tabs: Array<{ mode: SignInMode; label: string }> = [
    { mode: 'signin', label: t`Sign in` },
    { mode: 'signup', label: t`Create account` },
  ]
  const refs = useRef(new Map<SignInMode, HTMLButtonElement>())
  const select = (mode: SignInMode) => {
    props.onChange(mode)
    refs.current.get(mode)?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = TAB_KEYS[event.key]
    const next = step ? step(index, tabs.length - 1) : undefined
    const tab = next === undefined ? undefined : tabs[next]
    if (!tab) return
    event.preventDefault()
    select(tab.mode)
  }
  return (
    <div role="tablist" aria-label={t`Sign in or create an account`} className="grid grid-cols-2 gap-1 rounded-full bg-stone-100 p-1 dark:bg-stone-800">
      {tabs.map((tab, index) => {
        const selected = tab.mode === props.mode
        return (
          <button
            key={tab.mode}
            ref={(element) => {
              if (element) refs.current.set(tab.mode, element)
              else refs.current.delete(tab.mode)
            }}
            type="button"
            role="tab"
            id={props.tabId(tab.mode)}
            aria-selected={selected}
            aria-controls={props.panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => select(tab.mode)}
            onKeyDown={(event) => onKeyDown(event, index)}
            data-testid={`auth-tab-${tab.mode}`}
            className={`min-h-11 rounded-full px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 dark:focus-visible:outline-stone-100 ${
              selected
                ? 'bg-white text-stone-900 shadow-sm dark:bg-stone-950 dark:text-stone-50'
                : 'text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'
            }`}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}
