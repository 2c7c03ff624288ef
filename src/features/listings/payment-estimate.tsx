import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode } from 'react'
import { FieldRow } from '~/components/form/field-row'
import { formatNumber, formatPrice } from '~/lib/format'
import { defaultPaymentInputs, downPaymentPercent, estimateMonthlyPayment, LOAN_TERMS, type LoanTermYears, type PaymentInputs } from '~/lib/mortgage'

/*
 * The monthly payment estimate on a listing page (issue 14). The server renders the default
 * estimate (20 % down, the state's property-tax rate, 30 years), so it reads without JavaScript;
 * with it, every figure follows the fields as the visitor types. Amounts are dollars in the
 * spec §9 display; only the words are translated.
 */

type NumberField = Exclude<keyof PaymentInputs, 'termYears'>

/** What the visitor typed, kept as text so "6." or "1,2" can be typed on the way to a number. */
type Draft = Record<NumberField | 'downPaymentPercent', string>

const inputClass =
  'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-[var(--accent-text)] focus:outline-2 focus:outline-[var(--accent-text)] aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'

/** Digits with grouping commas and a decimal point; `$`, `%` and spaces a visitor may type are ignored. */
function parseAmount(text: string): number | undefined {
  const cleaned = text.replace(/[\s$,%]/g, '')
  if (cleaned === '') return 0
  if (!/^\d*\.?\d*$/.test(cleaned) || cleaned === '.') return undefined
  return Number(cleaned)
}

/** en-US grouping in every language (spec §9), so a field reads like the prices on the page. */
const FIELD_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** What a field shows for a number the page computed: "188,800", "6.5". */
function plain(value: number): string {
  return FIELD_NUMBER.format(value)
}

function dollars(value: number): string {
  return formatPrice(Math.round(value))
}

function draftOf(inputs: PaymentInputs): Draft {
  return {
    price: plain(inputs.price),
    downPayment: plain(inputs.downPayment),
    downPaymentPercent: plain(downPaymentPercent(inputs.price, inputs.downPayment)),
    interestRatePercent: plain(inputs.interestRatePercent),
    propertyTaxRatePercent: plain(inputs.propertyTaxRatePercent),
    insurancePerYear: plain(inputs.insurancePerYear),
    hoaPerMonth: plain(inputs.hoaPerMonth),
  }
}

export function PaymentEstimate({ home }: { home: { price: number; state: string; associationFeeMonthly: number | null } }) {
  const { t } = useLingui()
  const id = useId()
  const [defaults] = useState(() => defaultPaymentInputs({ price: home.price, state: home.state, hoaPerMonth: home.associationFeeMonthly }))
  const [draft, setDraft] = useState<Draft>(() => draftOf(defaults))
  const [termYears, setTermYears] = useState<LoanTermYears>(defaults.termYears)

  const parsed = {
    price: parseAmount(draft.price),
    downPayment: parseAmount(draft.downPayment),
    downPaymentPercent: parseAmount(draft.downPaymentPercent),
    interestRatePercent: parseAmount(draft.interestRatePercent),
    propertyTaxRatePercent: parseAmount(draft.propertyTaxRatePercent),
    insurancePerYear: parseAmount(draft.insurancePerYear),
    hoaPerMonth: parseAmount(draft.hoaPerMonth),
  }
  const estimate = estimateMonthlyPayment({
    price: parsed.price ?? 0,
    downPayment: parsed.downPayment ?? 0,
    interestRatePercent: parsed.interestRatePercent ?? 0,
    termYears,
    propertyTaxRatePercent: parsed.propertyTaxRatePercent ?? 0,
    insurancePerYear: parsed.insurancePerYear ?? 0,
    hoaPerMonth: parsed.hoaPerMonth ?? 0,
  })

  // The down payment is one number shown two ways: typing either field rewrites the other.
  const change = (field: keyof Draft, text: string) => {
    setDraft((current) => {
      const next = { ...current, [field]: text }
      const price = parseAmount(next.price)
      if (price === undefined) return next
      if (field === 'downPaymentPercent') {
        const percent = parseAmount(text)
        if (percent !== undefined) next.downPayment = plain((price * Math.min(percent, 100)) / 100)
      } else if (field === 'downPayment' || field === 'price') {
        const amount = parseAmount(next.downPayment)
        if (amount !== undefined) next.downPaymentPercent = plain(downPaymentPercent(price, amount))
      }
      return next
    })
  }

  const field = (name: keyof Draft, label: ReactNode, unit: string) => {
    const inputId = `${id}-${name}`
    const invalid = parsed[name] === undefined
    return (
      <FieldRow id={inputId} label={label} errors={invalid ? [t`Enter a number`] : []}>
        <div className="relative">
          <input
            id={inputId}
            name={name}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={draft[name]}
            onChange={(event) => change(name, event.currentTarget.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${inputId}-error` : undefined}
            className={`${inputClass} ${unit === '$' ? 'pl-7' : 'pr-8'}`}
          />
          <span
            aria-hidden="true"
            className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-stone-500 dark:text-stone-400 ${unit === '$' ? 'left-3' : 'right-3'}`}
          >
            {unit}
          </span>
        </div>
      </FieldRow>
    )
  }

  const parts = [
    { key: 'principal', label: t`Principal and interest`, value: estimate.principalAndInterest, color: 'bg-[var(--accent-text)]' },
    { key: 'tax', label: t`Property tax`, value: estimate.propertyTax, color: 'bg-sky-500' },
    { key: 'insurance', label: t`Home insurance`, value: estimate.insurance, color: 'bg-amber-500' },
    { key: 'hoa', label: t`HOA dues`, value: estimate.hoa, color: 'bg-stone-400' },
  ]
  const loan = dollars(estimate.loanAmount)
  const rate = formatNumber(parsed.interestRatePercent ?? 0)

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10" data-testid="payment-estimate">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
        <Trans>Monthly payment estimate</Trans>
      </h2>
      <div className="mt-4 grid gap-6 rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 md:grid-cols-2 dark:border-stone-800 dark:bg-stone-900">
        <form className="grid grid-cols-2 gap-4" onSubmit={(event) => event.preventDefault()} aria-label={t`Loan details`}>
          <div className="col-span-2">{field('price', <Trans>Home price</Trans>, '$')}</div>
          {field('downPayment', <Trans>Down payment</Trans>, '$')}
          {field('downPaymentPercent', <Trans>Down payment (%)</Trans>, '%')}
          {field('interestRatePercent', <Trans>Interest rate</Trans>, '%')}
          <FieldRow id={`${id}-term`} label={<Trans>Loan term</Trans>}>
            <select
              id={`${id}-term`}
              name="termYears"
              value={termYears}
              onChange={(event) => setTermYears(LOAN_TERMS.find((term) => String(term) === event.currentTarget.value) ?? 30)}
              className={inputClass}
            >
              {LOAN_TERMS.map((years) => (
                <option key={years} value={years}>
                  {t`${years} years`}
                </option>
              ))}
            </select>
          </FieldRow>
          {field('propertyTaxRatePercent', <Trans>Property tax (per year)</Trans>, '%')}
          {field('insurancePerYear', <Trans>Home insurance (per year)</Trans>, '$')}
          <div className="col-span-2">{field('hoaPerMonth', <Trans>HOA dues (per month)</Trans>, '$')}</div>
        </form>

        <div>
          <p className="text-sm font-medium text-stone-700 dark:text-stone-300" id={`${id}-total-label`}>
            <Trans>Estimated total per month</Trans>
          </p>
          {/* Announced politely, so a screen reader hears the new total after the visitor pauses typing. */}
          <output
            aria-labelledby={`${id}-total-label`}
            aria-live="polite"
            className="mt-1 block text-4xl font-bold tracking-tight text-stone-900 tabular-nums dark:text-stone-50"
            data-testid="payment-total"
          >
            {dollars(estimate.totalMonthly)}
          </output>
          {estimate.totalMonthly > 0 ? (
            <div aria-hidden="true" className="mt-4 flex h-3 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800">
              {parts.map((part) => (
                <div key={part.key} className={part.color} style={{ width: `${(part.value / estimate.totalMonthly) * 100}%` }} />
              ))}
            </div>
          ) : null}
          <dl className="mt-4 divide-y divide-stone-200 dark:divide-stone-800">
            {parts.map((part) => (
              <div key={part.key} className="flex items-center justify-between gap-4 py-2">
                <dt className="flex items-center gap-2 text-base text-stone-700 dark:text-stone-300">
                  <span aria-hidden="true" className={`size-3 rounded-full ${part.color}`} />
                  {part.label}
                </dt>
                <dd className="text-base font-semibold text-stone-900 tabular-nums dark:text-stone-100" data-testid={`payment-${part.key}`}>
                  {dollars(part.value)}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{t`A loan of ${loan} at ${rate}% over ${termYears} years.`}</p>
        </div>
      </div>
      <p className="mt-3 max-w-3xl text-sm text-stone-600 dark:text-stone-400" data-testid="payment-note">
        <Trans>
          This is an estimate, not an offer or a commitment to lend. Your rate, taxes, insurance and dues will differ: ask a lender for a quote. The
          property-tax rate starts at the state's typical rate; HOA dues come from the listing when the MLS gives them.
        </Trans>
      </p>
    </section>
  )
}
