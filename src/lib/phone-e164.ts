import { phoneMetadata } from '#phone-metadata'
import { parsePhoneNumberFromString } from 'libphonenumber-js/core'
import { supportedCountry } from './phone'

/*
 * A phone as the lead desk's CSV writes it (issue 52 item 4): E.164 (`+17145550188`) when it
 * is a valid number, read in the country the visitor chose where the form asked (else as a US
 * one); otherwise exactly as the visitor typed it, so nothing they gave is lost or made up.
 */
export function phoneForExport(phone: string | null, country = 'US'): string {
  if (phone === null) return ''
  const parsed = parsePhoneNumberFromString(phone, supportedCountry(country) ?? 'US', phoneMetadata)
  return parsed?.isValid() ? parsed.number : phone
}
