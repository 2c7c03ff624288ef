import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { langParam } from '~/lib/lang'
import { useLang } from '~/i18n/use-lang'
import { useIslandsRender } from '~/features/islands/island'
import { EDIT_LINK_ATTRIBUTE } from '~/lib/edit-access'
import { editAccessQuery } from '~/queries/realtor'
import { buttonClass } from '~/components/ui'

/**
 * A way into the editor for the owner or an admin. Asked for in the browser after the page
 * is shown, so the server-rendered page stays the same for everyone (and cacheable). On an
 * islands page (decision 051) the link waits in a `<template>`, which the islands runtime
 * shows once `/cozying-api/edit-access` says this visitor may edit: no React for a link.
 */
export function EditLink({ realtorId, desiredUrl }: { realtorId: string; desiredUrl: string }) {
  const islandsRender = useIslandsRender()
  const link = (
    <Link to="/{-$lang}/$desiredUrl/admin" params={{ lang: langParam(useLang()), desiredUrl }} className={buttonClass('accent', 'sm', 'whitespace-nowrap')}>
      {/* A 360 px header holds the name, the language switch, the menu and this: the short word on a phone. */}
      <span className="sm:hidden">
        <Trans>Edit</Trans>
      </span>
      <span className="hidden sm:inline">
        <Trans>Edit homepage</Trans>
      </span>
    </Link>
  )
  if (islandsRender) return <template {...{ [EDIT_LINK_ATTRIBUTE]: realtorId }}>{link}</template>
  return <EditLinkWhenAllowed realtorId={realtorId}>{link}</EditLinkWhenAllowed>
}

function EditLinkWhenAllowed({ realtorId, children }: { realtorId: string; children: ReactNode }) {
  const access = useQuery(editAccessQuery(realtorId))
  return access.data?.canEdit ? children : null
}
