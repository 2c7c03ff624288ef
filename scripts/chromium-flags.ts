/*
 * The flags every headless Chromium of ours starts with, the end-to-end tests' and the
 * Lighthouse bench's: no sandbox (root in a container), no GPU, and none of the browser's own
 * background traffic (updates, sync, QUIC probes), which would only add noise to a measurement
 * and requests to a test's network log.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
