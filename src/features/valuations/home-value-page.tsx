import { Trans } from '@lingui/react/macro'
import { RealtorPageShell } from '~/features/homepage/realtor-page-shell'
import { Island } from '~/features/islands/island'
import type { Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { PostedValuation } from '~/schemas/valuations'
import type { PublicRealtor } from '~/schemas/realtor'
import { brokerageAsProminentAsAgent } from '~/schemas/state-disclosures'
import { homeValueIsland } from './home-value-island'

/**
 * "What is my home worth?" (`/{desiredUrl}/home-value`, issue 27 item 1): the visitor names a
 * home and its facts, nothing about themselves, and sees a range from comparable homes with the
 * homes it rests on. Without scripts the form posts to this page, which answers with the result
 * (decision 036); with them the result replaces the page's in place. The form and its answer are
 * the page's island (decision 051); the rest is the server's markup.
 */
export function HomeValuePage({ realtor, lang, posted }: { realtor: PublicRealtor; lang: Lang; posted: PostedValuation | null }) {
  const name = realtorDisplayName(realtor, lang)
  return (
    <RealtorPageShell realtor={realtor} lang={lang} current="homeValue" firmProminent={brokerageAsProminentAsAgent(realtor.activityRegion)} back="home">
      {() => (
        <>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50">
            <Trans>What is my home worth?</Trans>
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-stone-700 dark:text-stone-300">
            <Trans>
              Enter your home&apos;s address and a few facts to see an estimated price range from comparable homes nearby. No sign-up: nothing about you is
              asked or kept.
            </Trans>
          </p>
          {/* At the top of the page, yet its code loads only when the visitor starts on the form: it
              posts without scripts as it is, and a press of its button waits for the island. */}
          <Island
            of={homeValueIsland}
            when="interaction"
            props={{
              realtorId: realtor.id,
              realtorName: name,
              desiredUrl: realtor.desiredUrl,
              lang,
              defaultState: realtor.activityRegion[0]?.state ?? '',
              posted,
            }}
          />
        </>
      )}
    </RealtorPageShell>
  )
}
