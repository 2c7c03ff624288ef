import { valuationFormFrom, valuationRequestFrom } from '~/lib/home-value'

/*
 * The home-value page's "Get a personal valuation" form posted without JavaScript (issue 27
 * item 2): the valuation's fields as the page's form holds them (read as the valuation form
 * reads them, 평 and ㎡ included), the owner's details, `consent=on`; answered with a 303 to the
 * seller status page. `pageLang` is the page's language, `lang` the one the owner wants.
 */
export function sellerFormToRequest(form: Record<string, string>): Record<string, unknown> {
  const optional = (name: string) => (form[name] !== undefined && form[name] !== '' ? { [name]: form[name] } : {})
  return {
    ...valuationRequestFrom(valuationFormFrom(form), form.realtorId ?? ''),
    name: form.name,
    email: form.email,
    ...optional('phone'),
    lang: form.lang,
    timeframe: form.timeframe,
    consent: form.consent === 'on' || form.consent === 'true',
    marketReport: form.marketReport === 'on' || form.marketReport === 'true',
    ...optional('consentVersion'),
    ...optional('consentPage'),
    ...optional('website'),
  }
}
