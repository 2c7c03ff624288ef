import { responsivePhoto } from '~/lib/photo-variants'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { langParam, type Lang } from '~/lib/lang'
import type { DirectoryCard } from '~/schemas/directory'
import { spelledPlaceName, stateName } from '~/lib/place-names'

export function stateLabel(lang: Lang, state: string): string {
  return stateName(state, lang)
}

/** One published realtor: photo, name, brokerage, regions, languages, link to the homepage. */
export function RealtorCard({ realtor, lang, headingLevel = 3 }: { realtor: DirectoryCard; lang: Lang; headingLevel?: 2 | 3 }) {
  const { t } = useLingui()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const name = (lang === 'ko' ? realtor.displayNameKo || realtor.displayNameEn : realtor.displayNameEn || realtor.displayNameKo) || realtor.desiredUrl
  const languages = realtor.languages.map((code) => (code === 'ko' ? t`Korean` : t`English`)).join(', ')
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md dark:border-stone-800 dark:bg-stone-900">
      <div className="aspect-[4/3] overflow-hidden bg-stone-200 dark:bg-stone-800">
        {realtor.photoUrl ? (
          <img
            // A card is a column of the results grid: one, two from sm, three from lg.
            {...responsivePhoto(realtor.photoUrl, realtor.photoWidths, '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw')}
            alt=""
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="text-lg font-semibold text-stone-900 dark:text-stone-50">
          <Link
            to="/{-$lang}/$desiredUrl"
            params={{ lang: langParam(lang), desiredUrl: realtor.desiredUrl }}
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline"
          >
            {name}
          </Link>
        </Heading>
        {realtor.brokerageName ? <p className="text-sm text-stone-600 dark:text-stone-300">{realtor.brokerageName}</p> : null}
        {realtor.regions.length > 0 ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">
            <span className="sr-only">
              <Trans>Areas served:</Trans>{' '}
            </span>
            {realtor.regions.map((region) => spelledPlaceName(region.city, region.state, lang)).join(' · ')}
          </p>
        ) : null}
        {languages ? (
          <p className="mt-auto pt-2 text-sm">
            <span className="rounded-full bg-stone-100 px-2.5 py-1 font-medium text-stone-800 dark:bg-stone-800 dark:text-stone-100">
              {t`Homepage in ${languages}`}
            </span>
          </p>
        ) : null}
      </div>
    </article>
  )
}
