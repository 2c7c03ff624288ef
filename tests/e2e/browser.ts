import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags'

/*
 * The browser every end-to-end test drives: Debian's `chromium-headless-shell`, the old headless
 * Chromium that Playwright itself runs for headless tests. The full `chromium` binary in headless
 * mode spent 44 s of CPU on the homepage spec where the shell spent 17 s (same 34 tests, same
 * assertions), and CPU is what the end-to-end run waits on here (decision 066).
 */
export const E2E_BROWSER_PATH = '/usr/lib/chromium/chromium-headless-shell'

export const E2E_BROWSER_ARGS = CHROMIUM_FLAGS
