import { describe, expect, it } from 'vitest'
import { defaultPaymentInputs, downPaymentPercent, estimateMonthlyPayment, monthlyPrincipalAndInterest, propertyTaxRateFor } from '../../src/lib/mortgage'

const cents = (value: number) => Math.round(value * 100) / 100

describe('monthlyPrincipalAndInterest (the amortisation formula)', () => {
  // Figures as printed in standard amortisation tables (e.g. the CFPB's and any bank's).
  it.each([
    [200_000, 6, 30, 1199.1],
    [100_000, 5, 30, 536.82],
    [100_000, 7, 30, 665.3],
    [250_000, 4.5, 30, 1266.71],
    [300_000, 4, 15, 2219.06],
    [100_000, 6, 15, 843.86],
  ])('repays %d at %d %% over %d years with %d a month', (principal, rate, years, expected) => {
    expect(cents(monthlyPrincipalAndInterest(principal, rate, years * 12))).toBe(expected)
  })

  it('divides evenly at 0 %, and owes nothing on no loan', () => {
    expect(monthlyPrincipalAndInterest(360_000, 0, 360)).toBe(1000)
    expect(monthlyPrincipalAndInterest(0, 6, 360)).toBe(0)
  })

  it('repays exactly the principal: the balance after the last payment is zero', () => {
    const principal = 480_000
    const rate = 6.5 / 1200
    const payment = monthlyPrincipalAndInterest(principal, 6.5, 360)
    let balance = principal
    for (let month = 0; month < 360; month++) balance = balance * (1 + rate) - payment
    expect(Math.abs(balance)).toBeLessThan(0.01)
  })
})

describe('estimateMonthlyPayment', () => {
  it('adds tax, insurance and HOA to principal and interest', () => {
    const estimate = estimateMonthlyPayment({
      price: 250_000,
      downPayment: 50_000,
      interestRatePercent: 6,
      termYears: 30,
      propertyTaxRatePercent: 1.2,
      insurancePerYear: 1_200,
      hoaPerMonth: 300,
    })
    expect(estimate.loanAmount).toBe(200_000)
    expect(cents(estimate.principalAndInterest)).toBe(1199.1)
    expect(estimate.propertyTax).toBe(250)
    expect(estimate.insurance).toBe(100)
    expect(estimate.hoa).toBe(300)
    expect(cents(estimate.totalMonthly)).toBe(1849.1)
  })

  it('treats a down payment above the price as paying cash, and blank or negative fields as zero', () => {
    const estimate = estimateMonthlyPayment({
      price: 500_000,
      downPayment: 900_000,
      interestRatePercent: Number.NaN,
      termYears: 15,
      propertyTaxRatePercent: -1,
      insurancePerYear: 0,
      hoaPerMonth: Number.POSITIVE_INFINITY,
    })
    expect(estimate).toEqual({ loanAmount: 0, principalAndInterest: 0, propertyTax: 0, insurance: 0, hoa: 0, totalMonthly: 0 })
  })
})

describe('defaults', () => {
  it('uses the state’s property-tax rate, 20 % down and a 30-year term', () => {
    const inputs = defaultPaymentInputs({ price: 1_000_000, state: 'GA', hoaPerMonth: null })
    expect(inputs).toMatchObject({ downPayment: 200_000, termYears: 30, propertyTaxRatePercent: 0.9, hoaPerMonth: 0 })
    expect(propertyTaxRateFor('CA')).toBe(1.1)
    expect(defaultPaymentInputs({ price: 800_000, state: 'CA', hoaPerMonth: 425 }).hoaPerMonth).toBe(425)
  })

  it('shows the down payment in percent of the price', () => {
    expect(downPaymentPercent(800_000, 160_000)).toBe(20)
    expect(downPaymentPercent(0, 10)).toBe(0)
  })
})
