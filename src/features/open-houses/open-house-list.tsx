import { Trans, useLingui } from '@lingui/react/macro'
import { formatOpenHouseTime } from '~/lib/format-open-house'
import type { Lang } from '~/lib/lang'
import type { OpenHouse } from '~/schemas/open-houses'

/*
 * A listing's upcoming open houses (issue 26 item 5): on its page a section, on its card the
 * next one. Server-rendered links only: "Add to calendar" downloads the .ics file, no script.
 */

function calendarHref(openHouse: OpenHouse, lang: Lang): string {
  return `${openHouse.calendarUrl}?lang=${lang}`
}

function OpenHouseTime({ openHouse, lang }: { openHouse: OpenHouse; lang: Lang }) {
  const { i18n } = useLingui()
  const { date, hours, zone } = formatOpenHouseTime(openHouse.start, openHouse.end, openHouse.timeZone, lang, i18n)
  return (
    <>
      <span className="font-semibold">{date}</span> <span className="whitespace-nowrap">{hours}</span>{' '}
      <span className="text-stone-600 dark:text-stone-400">{zone}</span>
    </>
  )
}

/** The listing page's section; nothing when there is no upcoming open house. */
export function OpenHousesSection({ openHouses, lang, address }: { openHouses: ReadonlyArray<OpenHouse>; lang: Lang; address: string }) {
  if (openHouses.length === 0) return null
  return (
    <section aria-labelledby="open-houses-title" className="mt-10" data-testid="open-houses">
      <h2 id="open-houses-title" className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
        <Trans>Open houses</Trans>
      </h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        <Trans>Times are the home's local time.</Trans>
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {openHouses.map((openHouse) => (
          <li key={openHouse.id} className="rounded-xl bg-white p-4 dark:bg-stone-900" data-testid="open-house">
            <p className="text-base text-stone-900 dark:text-stone-100">
              <OpenHouseTime openHouse={openHouse} lang={lang} />
            </p>
            <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
              {openHouse.kind === 'virtual' ? <Trans>Virtual open house</Trans> : <Trans>In person</Trans>}
            </p>
            {openHouse.remarks ? (
              <p lang={openHouse.source === 'mls' ? 'en' : undefined} className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                {openHouse.remarks}
              </p>
            ) : null}
            <p className="mt-2">
              <a
                href={calendarHref(openHouse, lang)}
                download
                className="inline-flex min-h-11 items-center font-medium text-[var(--accent-text)] underline underline-offset-4"
                data-testid="open-house-calendar"
              >
                <Trans>Add to calendar</Trans>
                {/* The visible words start the accessible name (WCAG 2.5.3); the address tells the links apart. */}
                <span className="sr-only"> – {address}</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A card's line: the next open house and its calendar link, above the card's own link. */
export function OpenHouseCardLine({ openHouses, lang, address }: { openHouses: ReadonlyArray<OpenHouse>; lang: Lang; address: string }) {
  const next = openHouses[0]
  if (!next) return null
  return (
    <div className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50" data-testid="card-open-house">
      <p>
        <span className="font-semibold">{next.kind === 'virtual' ? <Trans>Virtual open house</Trans> : <Trans>Open house</Trans>}</span>
        {' · '}
        <OpenHouseTimePlain openHouse={next} lang={lang} />
      </p>
      {/* Above the card's stretched link, so it stays its own target. */}
      <a
        href={calendarHref(next, lang)}
        download
        className="relative z-10 inline-flex min-h-11 items-center font-medium underline underline-offset-4"
        data-testid="card-open-house-calendar"
      >
        <Trans>Add to calendar</Trans>
        <span className="sr-only"> – {address}</span>
      </a>
    </div>
  )
}

function OpenHouseTimePlain({ openHouse, lang }: { openHouse: OpenHouse; lang: Lang }) {
  const { i18n } = useLingui()
  const { date, hours, zone } = formatOpenHouseTime(openHouse.start, openHouse.end, openHouse.timeZone, lang, i18n)
  return (
    <span>
      {date} <span className="whitespace-nowrap">{hours}</span> {zone}
    </span>
  )
}
