import { valuationFormFrom, valuationRequestFrom } from '~/lib/home-value'
import { filledFields, isTicked } from './visitor-forms'

/*
 * The home-value page's "Get a personal valuation" form posted without JavaScript (issue 27
 * item 2): the valuation's fields as the page's form holds them (read as the valuation form
 * reads them, 평 and ㎡ included), the owner's details, `consent=on`; answered with a 303 to the
 * seller status page. `pageLang` is the page's language, `lang` the one the owner wants.
 */
export function sellerFormToRequest(form: Record<string, string>): Record<string, unknown> {
  return {
    ...valuationRequestFrom(valuationFormFrom(form), form.realtorId ?? ''),
    name: form.name,
    email: form.email,
    lang: form.lang,
    timeframe: form.timeframe,
    consent: isTicked(form.consent),
    marketReport: isTicked(form.marketReport),
    ...filledFields(form, ['phone', 'consentVersion', 'consentPage', 'website']),
  }
}
