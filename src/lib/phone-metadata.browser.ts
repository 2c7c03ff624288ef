import type { MetadataJson } from 'libphonenumber-js/core'
import { formsPhoneMetadata } from './phone-metadata.forms'

/*
 * The browser's numbering plans (decision 070): only the calling codes of the countries the forms
 * offer (+1, +82; scripts/phone-metadata.ts writes the file), ~1.4 KB gzipped instead of every
 * country's ~19 KB. A number with another `+` code cannot be judged here: the browser lets it
 * through and the server, which has every plan, decides.
 */
export const phoneMetadata: MetadataJson = formsPhoneMetadata

/** Only the forms' calling codes are known here. */
export const PHONE_METADATA_COMPLETE = false
