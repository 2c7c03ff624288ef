import type { RegionState } from './region-states'

/**
 * The monthly cost of owning a listed home (issue 14): principal and interest by the standard
 * amortisation formula, plus property tax, home insurance and HOA dues. Pure and isomorphic: the
 * server renders the default estimate, the browser recomputes it as the visitor types.
 */

export const LOAN_TERMS = [30, 15] as const
export type LoanTermYears = (typeof LOAN_TERMS)[number]

/**
 * Effective property-tax rates a buyer should expect, in percent of the price per year.
 * California: Proposition 13's 1 % of the purchase price plus typical voter-approved levies
 * (a new purchase in Orange or Los Angeles county pays ~1.1–1.25 %). Georgia: the statewide
 * average effective rate, ~0.9 %. The visitor can change it; the note says it is an estimate.
 */
export const PROPERTY_TAX_RATE_PERCENT: Readonly<Record<RegionState, number>> = { CA: 1.1, GA: 0.9 }

/** Used for a state the table does not know (a listing from outside the realtor's region). */
const FALLBACK_PROPERTY_TAX_RATE_PERCENT = 1.1

/**
 * A 30-year fixed rate near the market's at the time of writing. The field is the visitor's to
 * change and the note says this is not an offer; a realtor's lender partner gives the real one.
 */
export const DEFAULT_INTEREST_RATE_PERCENT = 6.5

export const DEFAULT_DOWN_PAYMENT_PERCENT = 20

/** Home insurance per year as a share of the price: ~$1,750 a year for a $500,000 home. */
const INSURANCE_PERCENT_OF_PRICE = 0.35

export type PaymentInputs = {
  price: number
  downPayment: number
  interestRatePercent: number
  termYears: LoanTermYears
  propertyTaxRatePercent: number
  /** Dollars per year. */
  insurancePerYear: number
  /** Dollars per month. */
  hoaPerMonth: number
}

export type PaymentEstimate = {
  loanAmount: number
  principalAndInterest: number
  propertyTax: number
  insurance: number
  hoa: number
  totalMonthly: number
}

export function propertyTaxRateFor(state: string): number {
  return state === 'CA' || state === 'GA' ? PROPERTY_TAX_RATE_PERCENT[state] : FALLBACK_PROPERTY_TAX_RATE_PERCENT
}

/** The estimate a listing page shows before the visitor changes anything. */
export function defaultPaymentInputs(home: { price: number; state: string; hoaPerMonth: number | null }): PaymentInputs {
  return {
    price: home.price,
    downPayment: Math.round((home.price * DEFAULT_DOWN_PAYMENT_PERCENT) / 100),
    interestRatePercent: DEFAULT_INTEREST_RATE_PERCENT,
    termYears: 30,
    propertyTaxRatePercent: propertyTaxRateFor(home.state),
    insurancePerYear: Math.round((home.price * INSURANCE_PERCENT_OF_PRICE) / 100 / 10) * 10,
    hoaPerMonth: home.hoaPerMonth ?? 0,
  }
}

/**
 * The level monthly payment that repays `principal` over `months` at `annualRatePercent`:
 * M = P·r·(1+r)^n / ((1+r)^n − 1), with r the monthly rate; at 0 % simply P / n.
 */
export function monthlyPrincipalAndInterest(principal: number, annualRatePercent: number, months: number): number {
  if (principal <= 0 || months <= 0) return 0
  const monthlyRate = annualRatePercent / 100 / 12
  if (monthlyRate === 0) return principal / months
  const growth = (1 + monthlyRate) ** months
  return (principal * monthlyRate * growth) / (growth - 1)
}

/**
 * Every part of the monthly cost, in dollars with cents (rounding is the display's job). Inputs
 * out of range are clamped rather than refused: a visitor halfway through typing "6.25" must see
 * a number, not an error.
 */
export function estimateMonthlyPayment(inputs: PaymentInputs): PaymentEstimate {
  const price = nonNegative(inputs.price)
  const downPayment = Math.min(nonNegative(inputs.downPayment), price)
  const loanAmount = price - downPayment
  const principalAndInterest = monthlyPrincipalAndInterest(loanAmount, nonNegative(inputs.interestRatePercent), inputs.termYears * 12)
  const propertyTax = (price * nonNegative(inputs.propertyTaxRatePercent)) / 100 / 12
  const insurance = nonNegative(inputs.insurancePerYear) / 12
  const hoa = nonNegative(inputs.hoaPerMonth)
  return {
    loanAmount,
    principalAndInterest,
    propertyTax,
    insurance,
    hoa,
    totalMonthly: principalAndInterest + propertyTax + insurance + hoa,
  }
}

/** The down payment as a share of the price, for the field that shows it in percent. */
export function downPaymentPercent(price: number, downPayment: number): number {
  return price > 0 ? (Math.min(nonNegative(downPayment), price) / price) * 100 : 0
}

function nonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0
}
