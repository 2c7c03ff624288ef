import { areaToSquareFeet, AREA_UNITS, type AreaUnit } from './format'

/*
 * The home-value page's form (issue 27, decision 036), shared by the page, the form posted
 * without scripts and the one with them. Isomorphic and without zod: the page's first download
 * carries only this; the schema that judges the entries runs on the server.
 */

/** The page's last path segment: `/{desiredUrl}/home-value`, or `/home-value` on an own domain. */
export const HOME_VALUE_SEGMENT = 'home-value'

/**
 * A POST this path takes is the home-value form sent without scripts: the page answers it with
 * the estimate instead of sending it back (src/server/http/request-guard.ts).
 */
export function isHomeValuePagePath(pathname: string): boolean {
  const segments = pathname.split('/').slice(1)
  const rest = segments[0] === 'en' ? segments.slice(1) : segments
  return rest.at(-1) === HOME_VALUE_SEGMENT && rest.length >= 1 && rest.length <= 2
}

/** The features a comparable's price is adjusted for, to be the home valued (decision 073). */
export const ADJUSTED_FEATURES = ['livingArea', 'beds', 'baths', 'age', 'lot'] as const
export type AdjustedFeature = (typeof ADJUSTED_FEATURES)[number]

/** Where the form with scripts asks for the estimate: the REST action (`POST /valuations`). */
export const VALUATION_ACTION = '/cozying-api/v1/valuations'

export const VALUATION_FORM_FIELDS = ['street', 'city', 'state', 'postalCode', 'propertyType', 'beds', 'baths', 'livingArea', 'areaUnit', 'yearBuilt'] as const
export type ValuationFormField = (typeof VALUATION_FORM_FIELDS)[number]
/** What the form holds: text as typed, so the answer can give the visitor their entries back. */
export type ValuationFormValues = Record<ValuationFormField, string>

export function emptyValuationForm(state: string): ValuationFormValues {
  return { street: '', city: '', state, postalCode: '', propertyType: 'single_family', beds: '', baths: '', livingArea: '', areaUnit: 'sqft', yearBuilt: '' }
}

/** The form's fields from posted pairs: anything else is left out, anything missing is empty. */
export function valuationFormFrom(pairs: Readonly<Record<string, string | undefined>>): ValuationFormValues {
  const values = emptyValuationForm('')
  for (const field of VALUATION_FORM_FIELDS) values[field] = (pairs[field] ?? '').slice(0, 200)
  if (!isAreaUnit(values.areaUnit)) values.areaUnit = 'sqft'
  return values
}

function isAreaUnit(value: string): value is AreaUnit {
  return AREA_UNITS.some((unit) => unit === value)
}

/** A typed number, or the text itself when it is not one (the schema then says so); empty is absent. */
function formNumber(text: string): number | string | undefined {
  const trimmed = text.trim().replace(/,/g, '')
  if (trimmed === '') return undefined
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : trimmed
}

/**
 * The form as the request `POST /valuations` reads: numbers as numbers, and the living area in
 * square feet (a Korean visitor may give 평 or ㎡), rounded to a whole foot.
 */
export function valuationRequestFrom(values: ValuationFormValues, realtorId: string): Record<string, unknown> {
  const area = formNumber(values.livingArea)
  const unit = isAreaUnit(values.areaUnit) ? values.areaUnit : 'sqft'
  return {
    realtorId,
    street: values.street,
    city: values.city,
    state: values.state,
    postalCode: values.postalCode,
    propertyType: values.propertyType,
    beds: formNumber(values.beds),
    baths: formNumber(values.baths),
    livingArea: typeof area === 'number' ? Math.round(areaToSquareFeet(area, unit)) : area,
    yearBuilt: formNumber(values.yearBuilt),
  }
}
