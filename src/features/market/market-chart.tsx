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
const PAD = { top: 16, right: 12, bottom: 32, left: 70 }

type Point = { x: number; y: number; month: string; value: number }

/** Three rounded levels spanning the values, for the horizontal guide lines. */
function levels(min: number, max: number): Array<number> {
  if (min === max) return [min]
  const step = 10 ** Math.floor(Math.log10((max - min) / 2))
  const low = Math.floor(min / step) * step
  const high = Math.ceil(max / step) * step
  return [low, Math.round((low + high) / 2 / step) * step, high]
}

export function MarketTrendChart({ trend, lang, city }: { trend: ReadonlyArray<MarketFigures>; lang: Lang; city: string }) {
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
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')
  const first = known[0]
  const last = known.at(-1)
  const from = first ? `${formatMonth(first.month, lang)} ${formatPrice(first.value)}` : ''
  const to = last ? `${formatMonth(last.month, lang)} ${formatPrice(last.value)}` : ''
  const months = trend.length
  const title = t`Median list price in ${city}, last ${months} months`
  const description = t`From ${from} to ${to}. Every month's figures are in the table.`
  return (
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
      {trend.map((month, index) =>
        // Every other month is labelled, so twelve labels never collide on a phone.
        (trend.length - 1 - index) % 2 === 0 ? (
          <text key={month.month} x={xOf(index)} y={HEIGHT - 8} textAnchor="middle" fontSize={15} fill="currentColor">
            {formatMonth(month.month, lang, 'narrow')}
          </text>
        ) : null,
      )}
      <path d={path} fill="none" stroke="var(--accent)" strokeWidth={3} strokeLinejoin="round" strokeLinecap="round" />
      {points.map((point) => (
        <circle key={point.month} cx={point.x} cy={point.y} r={4} fill="var(--accent)" />
      ))}
    </svg>
  )
}
