import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { langParam } from '~/lib/lang'
import { useLang } from '~/i18n/use-lang'
import { editAccessQuery } from '~/queries/realtor'
import { buttonClass } from '~/components/ui'

/**
 * A way into the editor for the owner or an admin. Asked for in the browser after the page
 * is shown, so the server-rendered page stays the same for everyone (and cacheable).
 */
export function EditLink({ realtorId, desiredUrl }: { realtorId: string; desiredUrl: string }) {
  const lang = useLang()
  const access = useQuery(editAccessQuery(realtorId))
  if (!access.data?.canEdit) return null
  return (
    <Link to="/{-$lang}/$desiredUrl/admin" params={{ lang: langParam(lang), desiredUrl }} className={buttonClass('accent')}>
      <Trans>Edit homepage</Trans>
    </Link>
  )
}
