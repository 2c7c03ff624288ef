import { Trans } from '@lingui/react/macro'
import type { ComponentProps } from 'react'
import { ICON_PATHS, type IconName } from './icon-paths'

/*
 * Buttons, and links that look like buttons, are pills in one of a few looks. `Button` renders a
 * <button>; `buttonClass` gives the same classes to a router <Link> or an <a>. Every look keeps
 * a 44 px target (48 px at `lg`), a visible focus ring and its dark-mode colours; the border is
 * always there (transparent on filled looks) so neighbouring buttons of different looks line up.
 */
const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-full border transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50'

const stoneFocus = 'focus-visible:outline-stone-900 dark:focus-visible:outline-stone-100'
const accentFocus = 'focus-visible:outline-[var(--accent-text)]'
/** A link of the homepage's listings that is the current page takes the realtor's colour. */
const accentCurrent = 'aria-[current=page]:border-transparent aria-[current=page]:bg-[var(--accent)] aria-[current=page]:text-[var(--on-accent)]'

const buttonVariants = {
  // The workspace (editor, inbox, admin, sign-in) in stone.
  primary: `border-transparent bg-stone-900 font-semibold text-white hover:bg-stone-700 dark:bg-stone-100 dark:text-stone-900 dark:hover:bg-stone-300 ${stoneFocus}`,
  secondary: `border-stone-300 bg-white font-semibold text-stone-800 hover:border-stone-500 hover:bg-stone-50 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800 ${stoneFocus}`,
  /** Like secondary without a fill, for buttons that sit on a coloured or themed background. */
  outline: `border-stone-300 font-medium text-stone-800 hover:border-stone-500 hover:bg-stone-100 dark:border-stone-600 dark:text-stone-100 dark:hover:bg-stone-800 ${stoneFocus}`,
  /** No border or fill until hovered: tabs that are not selected. */
  ghost: `border-transparent font-medium text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800 ${stoneFocus}`,
  danger: `border-red-300 bg-white font-semibold text-red-800 hover:border-red-500 hover:bg-red-50 dark:border-red-800 dark:bg-stone-900 dark:text-red-300 dark:hover:bg-red-950 ${stoneFocus}`,
  dangerSolid: `border-transparent bg-red-700 font-semibold text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500 ${stoneFocus}`,
  /** A toggle that is on ("handled"). */
  success: `border-emerald-700 bg-emerald-50 font-semibold text-emerald-900 hover:bg-emerald-100 dark:border-emerald-500 dark:bg-emerald-950 dark:text-emerald-100 ${stoneFocus}`,
  /** The product's own call to action (create, save, next), in its blue. */
  brand: 'border-transparent bg-blue-700 font-semibold text-white hover:bg-blue-800 focus-visible:outline-blue-700',
  // A realtor's public homepage, in the colours the realtor chose.
  accent: `border-transparent bg-[var(--accent)] font-semibold text-[var(--on-accent)] shadow-sm hover:opacity-90 ${accentFocus}`,
  accentOutline: `border-stone-300 font-medium text-[var(--accent-text)] hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-900 ${accentFocus} ${accentCurrent}`,
  /** Takes the text colour around it: links of a header, controls over a photo. */
  quiet: `border-transparent font-medium hover:bg-current/10 focus-visible:outline-current ${accentCurrent}`,
  /**
   * A light outline in the text colour around it: a realtor's site header, whose colours follow
   * the header's own setting, not the page's (a dark header over a light page, or the reverse).
   */
  headerOutline: 'border-current/30 font-medium hover:bg-current/10 focus-visible:outline-current',
  /** An outline in the text colour around it, for a box of its own colour (a success notice). */
  inherit: 'border-current font-medium hover:bg-current/10 focus-visible:outline-current',
  /** A translucent outline for a coloured or photographic background. */
  glass: 'border-current/25 bg-white/10 font-medium backdrop-blur hover:bg-white/20 focus-visible:outline-current',
} as const

const buttonSizes = {
  /** The workspace's panels: compact, on one line. */
  sm: 'min-h-11 px-4 text-sm whitespace-nowrap',
  md: 'min-h-11 px-5',
  lg: 'min-h-12 px-7 text-lg',
} as const

export type ButtonVariant = keyof typeof buttonVariants
export type ButtonSize = keyof typeof buttonSizes

/**
 * The classes of a button of this look. `layout` places it (margins, width, a responsive
 * tweak); colours, borders and type belong to the look and are not restated there.
 */
export function buttonClass(variant: ButtonVariant, size: ButtonSize = 'sm', layout?: string): string {
  return [buttonBase, buttonSizes[size], buttonVariants[variant], layout].filter(Boolean).join(' ')
}

const iconButtonTones = {
  neutral: 'text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800',
  /** On a red notice. */
  danger: 'text-red-800 hover:bg-red-100 dark:text-red-200 dark:hover:bg-red-900',
} as const

/**
 * A round 44 px button that shows only an icon; its name comes from `aria-label`. `layout` as
 * for buttonClass.
 */
export function iconButtonClass(tone: keyof typeof iconButtonTones, layout?: string): string {
  return [
    'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-stone-900 disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent dark:focus-visible:outline-stone-100',
    iconButtonTones[tone],
    layout,
  ]
    .filter(Boolean)
    .join(' ')
}

/** A <button> of one look; `type` is "button" unless said otherwise, so it never submits by accident. */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: Omit<ComponentProps<'button'>, 'className'> & { variant: ButtonVariant; size?: ButtonSize; className?: string }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />
}

/**
 * A decorative line icon drawn from an SVG path on a 24-unit grid; the text beside it (or the
 * button's hidden name) carries the meaning. A feature with icons of its own (the post editor's
 * toolbar) passes their paths, so they stay out of the shared set every page loads.
 */
export function LineIcon({ path, className = 'size-4', strokeWidth = 1.8 }: { path: string; className?: string; strokeWidth?: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`shrink-0 ${className}`}
    >
      <path d={path} />
    </svg>
  )
}

/** A line icon from the shared set. */
export function Icon({ name, className = 'size-4' }: { name: IconName; className?: string }) {
  return <LineIcon path={ICON_PATHS[name]} className={className} />
}

/**
 * A region that is always in the page (so screen readers announce what appears in it) and
 * shows a server error, with "Try again" when the failure was passing.
 */
export function ErrorAlert({ testId, message, onRetry }: { testId: string; message: string | undefined; onRetry?: () => void }) {
  return (
    <div role="alert" data-testid={testId}>
      {message ? (
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <p className="font-medium">{message}</p>
          {onRetry ? (
            <Button variant="danger" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

/**
 * A table's header row: a `scope="col"` heading per label, so a screen reader names each cell
 * by its column. One class for all; `first:` and `last:` variants set the edge columns apart.
 */
export function ColumnHeadings({ labels, className }: { labels: ReadonlyArray<string>; className: string }) {
  return (
    <tr>
      {labels.map((label) => (
        <th key={label} scope="col" className={className}>
          {label}
        </th>
      ))}
    </tr>
  )
}

/**
 * A number in a small dark circle on a photo's top-left corner: its place in an order (a gallery
 * photo's position, a comparable's rank). Hidden from screen readers: the order is said in words
 * beside it (the photo's alt text, the list's order).
 */
export function PhotoNumberBadge({ number }: { number: number }) {
  return (
    <span
      aria-hidden="true"
      className="absolute top-1.5 left-1.5 grid h-6 min-w-6 place-items-center rounded-full bg-stone-900/85 px-1.5 text-xs font-bold text-white tabular-nums ring-1 ring-white/60"
    >
      {number}
    </span>
  )
}
