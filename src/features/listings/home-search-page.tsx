import { Trans, useLingui } from '@lingui/react/macro'
import { RealtorPageShell } from '~/features/homepage/realtor-page-shell'
import type { Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { HomeListPage } from '~/schemas/home'
import type { ListingSearch } from '~/schemas/listing-search'
import type { PublicRealtor } from '~/schemas/realtor'
import { brokerageAsProminentAsAgent } from '~/schemas/state-disclosures'
import { ListingsSection } from './listings-section'

/**
 * The full home search of a realtor's site (`/{desiredUrl}/homes`, issue 29 item 1): the
 * homepage's filters and paging with more homes per page, on a page of its own that a buyer can
 * bookmark and share. Server-rendered, every control a link or a GET form, so it works without
 * JavaScript; the map view (configured tiles only) comes on top of this list, which stays the
 * complete way to browse.
 */
export function HomeSearchPage({
  realtor,
  lang,
  search,
  pricesCleared,
  list,
}: {
  realtor: PublicRealtor
  lang: Lang
  search: ListingSearch
  pricesCleared: boolean
  /** Null when the realtor names no area yet. */
  list: HomeListPage | null
}) {
  const { t } = useLingui()
  const name = realtorDisplayName(realtor, lang)
  return (
    <RealtorPageShell realtor={realtor} lang={lang} firmProminent={brokerageAsProminentAsAgent(realtor.activityRegion)} back={{ label: t`← ${name}'s page` }}>
      {() => (
        <>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50">
            {search.type === 'rent' ? <Trans>Homes for rent</Trans> : <Trans>Homes for sale</Trans>}
          </h1>
          <section id="listings" aria-labelledby="listings-heading" className="mt-6 scroll-mt-20">
            {/* The cards' headings are h3, as in the homepage's section. */}
            <h2 id="listings-heading" className="sr-only">
              {t`Homes`}
            </h2>
            {list ? (
              <ListingsSection at="search" realtor={realtor} lang={lang} search={search} pricesCleared={pricesCleared} list={list} />
            ) : (
              <p>
                <Trans>{name} has not named the areas they serve yet.</Trans>
              </p>
            )}
          </section>
        </>
      )}
    </RealtorPageShell>
  )
}
