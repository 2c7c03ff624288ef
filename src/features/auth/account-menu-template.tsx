import { Trans } from '@lingui/react/macro'
import { buttonClass } from '~/components/ui'
import { ACCOUNT_MENU_ATTRIBUTES } from '~/lib/account-menu'
import { localizedPath, type Lang } from '~/lib/lang'

const linkClass = buttonClass('ghost')

/**
 * The header's account area on a platform page sent as an islands page (decision 051): "Sign in"
 * for everyone, as `AccountNav` renders it on the server, and the signed-in version waiting in a
 * `<template>`. The islands runtime asks `/cozying-api/account-menu` once the page is shown and
 * swaps them for a signed-in viewer (src/features/auth/account-menu-runtime.ts): no React for two
 * links and a button, and the page stays the same for everyone.
 */
export function AccountMenuTemplate({ lang }: { lang: Lang }) {
  return (
    <>
      <a href={localizedPath(lang, '/login')} className={linkClass} data-testid="account-sign-in" {...{ [ACCOUNT_MENU_ATTRIBUTES.signIn]: '' }}>
        <Trans>Sign in</Trans>
      </a>
      <template {...{ [ACCOUNT_MENU_ATTRIBUTES.signedIn]: lang }}>
        {/* The runtime sets the address of the account's own homepage; without one, onboarding. */}
        <a href={localizedPath(lang, '/process')} className={linkClass} data-testid="account-home" {...{ [ACCOUNT_MENU_ATTRIBUTES.home]: '' }}>
          <Trans>My homepage</Trans>
        </a>
        <button type="button" className={linkClass} data-testid="account-sign-out" {...{ [ACCOUNT_MENU_ATTRIBUTES.signOut]: '' }}>
          <Trans>Sign out</Trans>
        </button>
      </template>
    </>
  )
}
