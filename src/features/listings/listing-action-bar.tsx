import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Icon, buttonClass } from '~/components/ui'
import type { IconName } from '~/components/icon-paths'
import { kakaoHref, smsHref, telHref } from '~/lib/contact-links'
import type { PublicRealtor } from '~/schemas/realtor'

/** Where the bar's main action goes: the tour form when the home can be toured, else the question form. */
export type ListingActionTarget = 'tour' | 'ask'

/** The realtor's ways to be reached from a listing: a number to call, and a message by KakaoTalk or, failing that, by text to the mobile. */
export function listingContactLinks(realtor: Pick<PublicRealtor, 'contactPhone' | 'companyPhone' | 'phoneCountryCode' | 'kakaoLink'>) {
  const phone = realtor.contactPhone ?? realtor.companyPhone
  const call = phone ? telHref(phone, realtor.phoneCountryCode) : null
  // One message button: KakaoTalk is how most of these visitors write; a mobile number can take a text.
  const message = realtor.kakaoLink
    ? { kind: 'kakao' as const, href: kakaoHref(realtor.kakaoLink) }
    : realtor.contactPhone
      ? { kind: 'sms' as const, href: smsHref(realtor.contactPhone, realtor.phoneCountryCode) }
      : null
  return { call, message }
}

function BarLink({ href, icon, testId, external, children }: { href: string; icon: IconName; testId: string; external?: boolean; children: ReactNode }) {
  return (
    <a
      href={href}
      data-testid={testId}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="inline-flex min-h-12 min-w-16 flex-col items-center justify-center gap-0.5 rounded-xl px-2 text-xs font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-[var(--accent-text)] dark:text-stone-100 dark:hover:bg-stone-800"
    >
      <Icon name={icon} className="size-5" />
      {children}
    </a>
  )
}

/**
 * The listing's actions kept in reach on a phone (issue 51 item 5, decision 063): call, a
 * message, and the tour form. CSS alone keeps it there: it is the last thing in the page's
 * <main>, `sticky` to the bottom of the screen, so while the page scrolls it rides the screen's
 * bottom edge and at the end it rests in its own place, under the last line of content, never
 * over it. It gives way to the analytics consent banner while that asks (styles.css), and from
 * `lg` the top of the page holds the same actions instead.
 */
export function ListingActionBar({
  realtor,
  realtorName,
  target,
}: {
  realtor: Pick<PublicRealtor, 'contactPhone' | 'companyPhone' | 'phoneCountryCode' | 'kakaoLink'>
  realtorName: string
  target: ListingActionTarget
}) {
  const { t } = useLingui()
  const { call, message } = listingContactLinks(realtor)
  return (
    <nav
      aria-label={t`Contact ${realtorName}`}
      data-testid="listing-action-bar"
      data-listing-action-bar=""
      className="sticky bottom-0 z-20 -mx-4 mt-10 border-t border-stone-200 bg-white/95 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden dark:border-stone-800 dark:bg-stone-900/95"
    >
      <div className="flex items-center gap-2">
        {call ? (
          <BarLink href={call} icon="phone" testId="action-call">
            <Trans>Call</Trans>
          </BarLink>
        ) : null}
        {message?.kind === 'kakao' ? (
          <BarLink href={message.href} icon="message" testId="action-kakao" external>
            <Trans>KakaoTalk</Trans>
          </BarLink>
        ) : message?.kind === 'sms' ? (
          <BarLink href={message.href} icon="message" testId="action-sms">
            {t({ message: 'Text', context: 'a text message (SMS) to the realtor' })}
          </BarLink>
        ) : null}
        <a href={`#${target}`} data-testid="action-tour" className={buttonClass('accent', 'md', 'min-h-12 flex-1 text-center')}>
          {target === 'tour' ? <Trans>Request a tour</Trans> : <Trans>Ask about this home</Trans>}
        </a>
      </div>
    </nav>
  )
}
