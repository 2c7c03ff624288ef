import { Trans, useLingui } from '@lingui/react/macro'
import type { Lang } from '~/lib/lang'
import type { ListingSource } from '~/schemas/listing-source'
import { disclaimerTexts, formatLastUpdated } from '~/lib/listing-source-text'
import { MACHINE_TRANSLATION_NOTICE_EN, machineTranslationNoticeMessage } from '~/lib/listing-disclaimers'

/**
 * What every page that shows listings says about where they come from (issue 15 item 1): per
 * source, the MLS's logo when it requires one, its disclaimer (English authoritative; on Korean
 * pages the Korean rendering first, then the English original) and when the data was last
 * updated, from the source's last successful import run. A page showing remarks machine-translated
 * into Korean says so, in Korean and in English (issue 54 item 3).
 */
export function ListingDisclosures({
  sources,
  lang,
  machineTranslated = false,
}: {
  sources: ReadonlyArray<ListingSource>
  lang: Lang
  machineTranslated?: boolean
}) {
  const { t, i18n } = useLingui()
  if (sources.length === 0) return null
  return (
    <aside
      aria-label={t`About the listing data`}
      className="mt-8 space-y-4 border-t border-stone-200 pt-4 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400"
    >
      {sources.map((source) => {
        const { english, translated } = disclaimerTexts(source, lang, i18n)
        const updatedAt = source.lastUpdatedAt
        const when = updatedAt ? formatLastUpdated(updatedAt, lang, source.timeZone) : null
        return (
          <div key={source.id} data-testid="listing-disclosure" className="space-y-2">
            {source.logo ? (
              <img src={source.logo.url} alt={source.logo.alt} width={source.logo.width} height={source.logo.height} loading="lazy" decoding="async" />
            ) : null}
            {translated ? <p data-testid="listing-disclaimer-translated">{translated}</p> : null}
            <p lang="en" data-testid="listing-disclaimer">
              {translated ? (
                // The label is in the page's language; the text it introduces stays in English.
                <span lang={lang} className="font-medium">
                  {t`The English original prevails:`}{' '}
                </span>
              ) : null}
              {english}
            </p>
            {/* Formatted again in the browser; the time zone is fixed, so only ICU versions could differ. */}
            {updatedAt && when ? (
              <p data-testid="listing-last-updated">
                <Trans>
                  Listing data last updated{' '}
                  <time dateTime={updatedAt} suppressHydrationWarning>
                    {when}
                  </time>
                </Trans>
              </p>
            ) : null}
          </div>
        )
      })}
      {machineTranslated ? (
        <div data-testid="listing-translation-notice" className="space-y-2">
          {lang === 'en' ? null : <p>{i18n._(machineTranslationNoticeMessage)}</p>}
          <p lang="en">{MACHINE_TRANSLATION_NOTICE_EN}</p>
        </div>
      ) : null}
    </aside>
  )
}
