import { Trans } from '@lingui/react/macro'
import { useRouteContext, useRouter, useRouterState } from '@tanstack/react-router'
import { toPublicPath } from '~/lib/own-domain-paths'
import { LANGUAGE_SWITCH_ATTRIBUTE, langCookieString, localizedPath, type Lang } from '~/lib/lang'
import { isPlainClick } from '~/lib/plain-click'
import { useLang } from '~/i18n/use-lang'
import { buttonClass, type ButtonVariant } from './ui'

/**
 * Same page, other language. A plain link (works without JavaScript); with JavaScript it
 * also stores the choice in the language cookie and navigates without a full reload.
 */
export function LanguageSwitch({ variant = 'outline' }: { variant?: ButtonVariant } = {}) {
  const lang = useLang()
  const router = useRouter()
  const target: Lang = lang === 'ko' ? 'en' : 'ko'
  // The router's path is internal; on a realtor's own domain the public href drops /{desiredUrl}.
  const { ownDomain } = useRouteContext({ from: '__root__' })
  const { targetPath, suffix } = useRouterState({
    select: (state) => ({
      targetPath: localizedPath(target, state.location.pathname),
      suffix: state.location.searchStr + (state.location.hash ? `#${state.location.hash}` : ''),
    }),
    structuralSharing: true,
  })
  const internalHref = targetPath + suffix
  const href = (ownDomain ? toPublicPath(targetPath, ownDomain) : targetPath) + suffix
  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      data-testid="language-switch"
      // Read by the islands runtime, which stores the choice where no router handles the click (decision 051).
      {...{ [LANGUAGE_SWITCH_ATTRIBUTE]: target }}
      className={buttonClass(variant)}
      onClick={(event) => {
        if (!isPlainClick(event)) return
        event.preventDefault()
        document.cookie = langCookieString(target, window.location.protocol === 'https:')
        void router.navigate({ href: internalHref })
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </svg>
      {target === 'en' ? <span>English</span> : <span>한국어</span>}
      <span className="sr-only">
        <Trans>Change language</Trans>
      </span>
    </a>
  )
}
