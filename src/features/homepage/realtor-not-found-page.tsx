import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { buttonClass } from '~/components/ui'
import { useVisitorPage, visitorPageHref } from '~/components/visitor-page'
import { HomeCard } from '~/features/listings/home-card'
import { ListingDisclosures } from '~/features/listings/listing-disclosures'
import type { Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import { pageTitle } from '~/lib/site'
import { MAX_KEYWORD_LENGTH } from '~/lib/home-keyword'
import type { SimilarHomes } from '~/schemas/home'
import type { PublicRealtor } from '~/schemas/realtor'
import { brokerageAsProminentAsAgent } from '~/schemas/state-disclosures'
import { RealtorPageShell } from './realtor-page-shell'

/**
 * A 404 inside a realtor's site (issue 51 item 2, decision 061): their header and footer, a
 * search of their homes and the ways to their homepage and homes, so a visitor with a stale
 * link stays on their site. For a listing that is gone (`gone`), it says so and shows homes
 * like it nearby. Plain links and a GET form: the page works without JavaScript.
 */
export function RealtorNotFoundPage({ realtor, lang, gone }: { realtor: PublicRealtor; lang: Lang; gone?: SimilarHomes }) {
  const { t } = useLingui()
  const page = useVisitorPage()
  // The address as the visitor typed it (without `/{desiredUrl}` on the realtor's own domain).
  const path = page.path
  const searchId = useId()
  const name = realtorDisplayName(realtor, lang)
  const homepageHref = visitorPageHref(page, lang, `/${realtor.desiredUrl}`)
  const homesHref = visitorPageHref(page, lang, `/${realtor.desiredUrl}/homes`)
  const title = gone ? t`This home is no longer listed` : t`Page Not Found`
  return (
    <RealtorPageShell realtor={realtor} lang={lang} firmProminent={brokerageAsProminentAsAgent(realtor.activityRegion)}>
      {() => (
        <>
          {/* No route head() runs for a not-found page; React 19 hoists this title into <head>. */}
          <title>{pageTitle(title, name)}</title>
          <section className="mx-auto max-w-2xl py-10 text-center sm:py-14" aria-labelledby="not-found-title">
            <h1 id="not-found-title" className="text-2xl font-semibold text-stone-900 sm:text-3xl dark:text-stone-50">
              {title}
            </h1>
            <p className="mt-3 break-words text-stone-700 dark:text-stone-300" data-testid="not-found-description">
              {gone ? (
                <Trans>It may have sold or been taken off the market. Search {name}'s homes, or see homes like it below.</Trans>
              ) : (
                <Trans>
                  There is no page at {path} on {name}'s site. Search their homes, or go on from their homepage.
                </Trans>
              )}
            </p>
            <form role="search" method="get" action={homesHref} className="mx-auto mt-6 flex max-w-lg flex-col gap-2 text-left sm:flex-row sm:items-end">
              <div className="flex-1">
                <label htmlFor={searchId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
                  <Trans>Search {name}'s homes</Trans>
                </label>
                <input
                  id={searchId}
                  name="q"
                  type="search"
                  maxLength={MAX_KEYWORD_LENGTH}
                  placeholder={t`City, street or neighborhood`}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-100"
                />
              </div>
              <button type="submit" className={buttonClass('accent', 'md')}>
                <Trans>Search</Trans>
              </button>
            </form>
            <p className="mt-6 flex flex-wrap justify-center gap-3">
              <a href={homepageHref} className={buttonClass('accentOutline', 'md')} data-testid="not-found-homepage">
                <Trans>{name}'s homepage</Trans>
              </a>
              <a href={homesHref} className={buttonClass('accentOutline', 'md')} data-testid="not-found-homes">
                <Trans>All homes</Trans>
              </a>
            </p>
          </section>
          {gone && gone.homes.length > 0 ? (
            <section aria-labelledby="similar-homes-title" data-testid="similar-homes">
              <h2 id="similar-homes-title" className="text-xl font-semibold text-stone-900 dark:text-stone-50">
                <Trans>Homes like it nearby</Trans>
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {gone.homes.map((home) => (
                  <li key={home.homeId} className="flex">
                    <HomeCard home={home} lang={lang} desiredUrl={realtor.desiredUrl} source={gone.sources.find((source) => source.id === home.sourceId)} />
                  </li>
                ))}
              </ul>
              <ListingDisclosures sources={gone.sources} lang={lang} />
            </section>
          ) : null}
        </>
      )}
    </RealtorPageShell>
  )
}
