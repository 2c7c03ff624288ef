/*
 * What a visitor typed, chose or ticked in an island before it was live, handed to the island
 * once it is (decision 052). Hydration leaves a control's value as the browser has it but starts
 * React's change tracking from it, and the component's state from the server's render: a form
 * would show the visitor's entries and hold its own empty ones, and send those, or write them
 * back into the fields at its next render. So each entry is replayed as the visitor's own change
 * once the island has hydrated, through the handlers the island gave its controls.
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** Input types whose value is not the visitor's entry. */
const NOT_ENTRIES = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file'])

function entriesIn(island: HTMLElement): Array<Control> {
  return [...island.querySelectorAll<Control>('input, textarea, select')].filter((control) => !NOT_ENTRIES.has(control.type))
}

const checkable = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')

/**
 * A control's state as the visitor has it, or (`rendered`) as the page rendered it: the server's
 * markup before hydration, which React's hydrating render matches (it writes the same defaults).
 * A select is a single one: its rendered option is the last one marked, or its first.
 */
function stateOf(control: Control, rendered: boolean): string {
  if (control instanceof HTMLSelectElement) {
    return rendered ? (([...control.options].findLast((option) => option.defaultSelected) ?? control.options[0])?.value ?? '') : control.value
  }
  if (checkable(control)) return String(rendered ? control.defaultChecked : control.checked)
  return rendered ? control.defaultValue : control.value
}

/**
 * React keeps the value it last saw in a control (`_valueTracker`, set from the page's value as
 * it hydrates) and calls `onChange` only when the control's value differs from it. Setting it to
 * the rendered value makes the replayed event a change, without touching what the visitor sees
 * (their caret, a Hangul composition under way). A select has no tracker: its change event is
 * always one.
 */
function forgetSeenValue(control: Control, value: string): void {
  const tracker: unknown = Reflect.get(control, '_valueTracker')
  if (isTracker(tracker)) tracker.setValue(value)
}

function isTracker(value: unknown): value is { setValue: (value: string) => void } {
  return typeof value === 'object' && value !== null && 'setValue' in value && typeof value.setValue === 'function'
}

/** Replays one entry as the visitor's change, the event React reads for this kind of control. */
function replay(control: Control, entry: string): void {
  if (control instanceof HTMLSelectElement) {
    control.value = entry
    // An option that is no longer offered (the island changed them) is not chosen.
    if (control.value === entry) control.dispatchEvent(new Event('change', { bubbles: true }))
    return
  }
  if (checkable(control)) {
    // A radio is replayed by the one chosen; the others of its group follow the state.
    if (entry !== 'true' && control.type === 'radio') return
    control.checked = entry === 'true'
    forgetSeenValue(control, String(entry !== 'true'))
    // A plain event, not a MouseEvent: the browser does not toggle the box again for it.
    control.dispatchEvent(new Event('click', { bubbles: true }))
    return
  }
  // Hydration writes a textarea's rendered text into it when that is not empty: the entry comes back.
  if (control.value !== entry) control.value = entry
  forgetSeenValue(control, control.defaultValue)
  control.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * Starts keeping `island`'s entries: what differs from the page's markup now, and every change
 * from now until it is live (typed while it hydrates, which React takes in without a change
 * event). Call before `hydrateRoot`; the function it returns hands the entries over, once the
 * island's first render has committed, each as its own change (a handler sees the state the one
 * before it left), in the order of the page. `flushSync` is React DOM's.
 */
export function keepEntries(island: HTMLElement, flushSync: (work: () => void) => void): () => void {
  const entries = new Map<Control, string>()
  for (const control of entriesIn(island)) {
    const state = stateOf(control, false)
    if (state !== stateOf(control, true)) entries.set(control, state)
  }
  const record = (event: Event) => {
    const control = event.target
    if (
      (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) &&
      !NOT_ENTRIES.has(control.type)
    ) {
      entries.set(control, stateOf(control, false))
    }
  }
  island.addEventListener('input', record, true)
  island.addEventListener('change', record, true)
  return () => {
    island.removeEventListener('input', record, true)
    island.removeEventListener('change', record, true)
    for (const control of entriesIn(island)) {
      const entry = entries.get(control)
      // What React rendered is in the control's defaults now (it writes them as it hydrates and
      // renders): an entry it already has, typed after it hydrated that control, is not replayed.
      if (entry !== undefined && entry !== stateOf(control, true)) flushSync(() => replay(control, entry))
    }
  }
}
