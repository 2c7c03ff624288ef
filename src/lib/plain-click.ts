/** The parts of a click that say whether the visitor asked the browser for something of its own. */
type ClickKeys = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>

/**
 * A plain click with the main button, which a page may answer in place. A click with a modifier
 * (a new tab, a new window, a download) or another button stays the browser's.
 */
export function isPlainClick(event: ClickKeys): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}
