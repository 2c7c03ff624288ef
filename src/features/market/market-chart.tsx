import { useLingui } from '@lingui/react/macro'
import { formatPrice } from '~/lib/format'
import type { Lang } from '~/lib/lang'
import type { MarketFigures } from '~/schemas/market'
import { formatMonth } from './market-format'

/*
 * The 12-month trend of a city's median list price (issue 27 item 4) as an SVG drawn on the
 * server: no chart library, no script, readable without styles. It is an image with a title and a
 * one-sentence description for screen readers; the table beside it carries every figure.
 */

// Narrow enough that on a 360 px phone the labels stay readable once the picture is scaled down.
const WIDTH = 480
const HEIGHT = 240
// The bottom leaves a second line under the running month's label ("to date").
const PAD = { top: 16, right: 12, bottom: 52, left: 70 }

type Point = { x: number; y: number; month: string; value: number }

/** Three rounded levels spanning the values, for the horizontal guide lines. */
function levels(min: number, max: number): Array<number> {
  if (min === max) return [min]
  const step = 10 ** Math.floor(Math.log10((max - min) / 2))
  const low = Math.floor(min / step) * step
  const high = Math.ceil(max / step) * step
  return [low, Math.round((low + high) / 2 / step) * step, high]
}

/**
 * `monthToDate`: the last month is still running (decision 065): its point is hollow, the line to
 * it dashed and its label says "to date", so a half month is not read as a fall. The price axis
 * rarely starts at zero (the changes would be flat lines); a break on the axis and the line below
 * the chart say where it starts.
 */
export function MarketTrendChart({
  trend,
  lang,
  city,
  monthToDate,
}: {
  /** A city's months: a market report's, or a CMA report's (which carries only some figures). */
  trend: ReadonlyArray<Pick<MarketFigures, 'month' | 'medianListPrice'>>
  lang: Lang
  /** The city's name in the page's language. */
  city: string
  monthToDate: boolean
}) {
  const { t } = useLingui()
  const known = trend.flatMap((month, index) => (month.medianListPrice === null ? [] : [{ index, month: month.month, value: month.medianListPrice }]))
  if (known.length < 2) return null
  const values = known.map((point) => point.value)
  const guides = levels(Math.min(...values), Math.max(...values))
  const bottom = Math.min(...guides)
  const top = Math.max(...guides)
  const plotWidth = WIDTH - PAD.left - PAD.right
  const plotHeight = HEIGHT - PAD.top - PAD.bottom
  const xOf = (index: number) => PAD.left + (trend.length === 1 ? plotWidth / 2 : (index / (trend.length - 1)) * plotWidth)
  const yOf = (value: number) => PAD.top + (top === bottom ? plotHeight / 2 : (1 - (value - bottom) / (top - bottom)) * plotHeight)
  const points: Array<Point> = known.map((point) => ({ x: xOf(point.index), y: yOf(point.value), month: point.month, value: point.value }))
  const running = monthToDate && known.at(-1)?.index === trend.length - 1 ? points.at(-1) : undefined
  const whole = running ? points.slice(0, -1) : points
  const path = whole.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')
  const beforeRunning = whole.at(-1)
  const first = known[0]
  const last = known.at(-1)
  const from = first ? `${formatMonth(first.month, lang)} ${formatPrice(first.value)}` : ''
  const to = last ? `${formatMonth(last.month, lang)} ${formatPrice(last.value)}` : ''
  const months = trend.length
  const title = t`Median list price in ${city}, last ${months} months`
  const axisFrom = formatPrice(bottom)
  const description = [
    t`From ${from} to ${to}. Every month's figures are in the table.`,
    running ? t`The last month is the month to date.` : '',
    bottom > 0 ? t`The price axis starts at ${axisFrom}, not at zero.` : '',
  ]
    .filter(Boolean)
    .join(' ')
  const axisBottom = HEIGHT - PAD.bottom
  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="market-chart-title market-chart-description"
        data-testid="market-chart"
        className="h-auto w-full text-stone-500 dark:text-stone-400"
      >
        <title id="market-chart-title">{title}</title>
        <desc id="market-chart-description">{description}</desc>
        {guides.map((level) => (
          <g key={level}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={yOf(level)} y2={yOf(level)} stroke="currentColor" strokeOpacity={0.25} strokeDasharray="4 4" />
            <text x={PAD.left - 8} y={yOf(level)} dy="0.35em" textAnchor="end" fontSize={15} fill="currentColor">
              {formatPrice(level)}
            </text>
          </g>
        ))}
        {bottom > 0 ? (
          // The axis break: the price axis is cut below its lowest level.
          <path
            d={`M${PAD.left - 6},${axisBottom - 10} l12,-5 M${PAD.left - 6},${axisBottom - 4} l12,-5`}
            stroke="currentColor"
            strokeWidth={1.5}
            data-testid="market-chart-axis-break"
          />
        ) : null}
        {trend.map((month, index) =>
          // Every other month is labelled, so twelve labels never collide on a phone.
          (trend.length - 1 - index) % 2 === 0 ? (
            <text key={month.month} x={xOf(index)} y={axisBottom + 24} textAnchor="middle" fontSize={15} fill="currentColor">
              {formatMonth(month.month, lang, 'narrow')}
            </text>
          ) : null,
        )}
        {running ? (
          <text x={WIDTH - PAD.right} y={axisBottom + 44} textAnchor="end" fontSize={14} fill="currentColor" data-testid="market-chart-month-to-date">
            {t`month to date`}
          </text>
        ) : null}
        {/* The accent as text takes it (checked against the card, light or dark), not the button's fill:
            a line must stand out from its card by 3:1 (WCAG 1.4.11). */}
        <path d={path} fill="none" stroke="var(--accent-text)" strokeWidth={3} strokeLinejoin="round" strokeLinecap="round" />
        {running && beforeRunning ? (
          <line x1={beforeRunning.x} y1={beforeRunning.y} x2={running.x} y2={running.y} stroke="var(--accent-text)" strokeWidth={3} strokeDasharray="6 5" />
        ) : null}
        {whole.map((point) => (
          <circle key={point.month} cx={point.x} cy={point.y} r={4} fill="var(--accent-text)" />
        ))}
        {running ? <circle cx={running.x} cy={running.y} r={5} fill="white" stroke="var(--accent-text)" strokeWidth={3} /> : null}
      </svg>
      {bottom > 0 ? (
        <figcaption className="mt-2 text-sm text-stone-600 dark:text-stone-400" data-testid="market-chart-axis-note">
          {t`The price axis starts at ${axisFrom}, not at zero.`}
        </figcaption>
      ) : null}
    </figure>
  )
}
