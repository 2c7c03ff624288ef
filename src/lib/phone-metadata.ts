import metadata from 'libphonenumber-js/metadata.min.json'
import type { MetadataJson } from 'libphonenumber-js/core'

/*
 * The numbering plans phone numbers are read by (decision 070). On the server, and wherever no
 * bundler picks the browser's file: every country's ("min" metadata, the library's default). The
 * browser gets ./phone-metadata.browser.ts instead, by the `browser` condition of
 * `#phone-metadata` in package.json.
 */
export const phoneMetadata: MetadataJson = metadata

/** Every calling code is known here: a number no plan has is not a number. */
export const PHONE_METADATA_COMPLETE = true
