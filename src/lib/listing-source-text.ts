import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { dateTimeFormat } from '~/lib/date-time-format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { DEFAULT_DISCLAIMER_EN, DEMO_DISCLAIMER_EN, defaultDisclaimerMessage, demoDisclaimerMessage } from '~/lib/listing-disclaimers'

/*
 * The words a listing source's display profile puts on a page (issue 15 item 1), pure so the
 * MLS rules they carry are unit-tested: the credit beside the price, the disclaimer in English
 * with its Korean rendering, and the "last updated" time with its time zone named. In lib
 * because the listings' pages and the alert mails both show them; the parameters name the
 * fields read (of `HomeSummary` and `ListingSource`), as lib imports no schema.
 */

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/**
 * "Listed by {office}" (never "Courtesy of" unless the MLS's own wording says so), with the
 * agent's name only when the source's profile allows it. Null without a listing office.
 */
export function listingCredit(
  home: { listOfficeName: string | null; listAgentFullName: string | null },
  source: { credit: string | null; creditWithAgent: string | null; showAgentName: boolean } | undefined,
  i18n: I18n,
): string | null {
  const office = home.listOfficeName?.trim()
  if (!office) return null
  const agent = source?.showAgentName ? home.listAgentFullName?.trim() : undefined
  if (agent) return source?.creditWithAgent ? fill(source.creditWithAgent, { agent, office }) : i18n._(msg`Listed by ${agent}, ${office}`)
  return source?.credit ? fill(source.credit, { office }) : i18n._(msg`Listed by ${office}`)
}

/**
 * The name a page or a mail gives a listing source. A real MLS's name is a name, kept as the
 * profile writes it; the demo's `mlsName` is the API's English "Demo data", which a reader gets
 * in their own language.
 */
export function sourceName(source: { mlsName: string; isDemo: boolean }, i18n: I18n): string {
  return source.isDemo ? i18n._(msg`Demo data`) : source.mlsName
}

/**
 * The disclaimer: `english` is authoritative and always shown; `translated` is the page
 * language's rendering shown beside it on Korean pages (the profile's own, else the catalog's
 * rendering of the standard text), null when there is none or the page is English.
 */
export function disclaimerTexts(
  source: { mlsName: string; isDemo: boolean; disclaimer: string | null; disclaimerKo: string | null },
  lang: Lang,
  i18n: I18n,
): { english: string; translated: string | null } {
  if (source.disclaimer !== null) return { english: source.disclaimer, translated: lang === 'ko' ? source.disclaimerKo : null }
  const english = source.isDemo ? DEMO_DISCLAIMER_EN : fill(DEFAULT_DISCLAIMER_EN, { mls: source.mlsName })
  if (lang !== 'ko') return { english, translated: null }
  return { english, translated: i18n._(source.isDemo ? demoDisclaimerMessage : defaultDisclaimerMessage(source.mlsName)) }
}

/**
 * "January 21, 2026 at 9:02 AM PST" / "2026년 1월 21일 오전 9:02 미 태평양 표준시": in the
 * source's time zone, named, so the page reads the same to every visitor wherever they are.
 */
export function formatLastUpdated(iso: string, lang: Lang, timeZone: string): string {
  return dateTimeFormat(LOCALE_TAG[lang], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    // Korean has no common short names for US zones ("GMT-8"); the long one reads naturally.
    timeZoneName: lang === 'ko' ? 'long' : 'short',
  }).format(new Date(iso))
}
