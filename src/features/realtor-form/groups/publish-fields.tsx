import { Trans } from '@lingui/react/macro'
import { GroupCard, TextField, YesNoField, type GroupProps } from '../field-ui'

export function PublishFields({ form, errors }: GroupProps) {
  return (
    <GroupCard id="group-publish" title={<Trans>Publishing</Trans>}>
      <YesNoField
        form={form}
        name="isMakeHomepage"
        label={<Trans>Published</Trans>}
        hint={<Trans>Unpublished homepages are hidden from the directory and search engines.</Trans>}
      />
      <TextField
        form={form}
        name="hompageUrl"
        type="url"
        label={<Trans>Your own domain (optional)</Trans>}
        hint={<Trans>Point the domain to this site; visitors then see your homepage there.</Trans>}
        errors={errors}
      />
    </GroupCard>
  )
}
