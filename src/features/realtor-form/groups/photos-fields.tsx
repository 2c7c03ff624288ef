import { Trans } from '@lingui/react/macro'
import { PhotoUploader } from '~/features/photos/photo-uploader'
import { GroupCard, type GroupProps } from '../field-ui'

export function PhotosFields({ form, lang, onBusyChange }: GroupProps & { onBusyChange: (busy: boolean) => void }) {
  return (
    <GroupCard id="group-photos" title={<Trans>Photos</Trans>} description={<Trans>JPEG, PNG, WebP or AVIF, up to 10 MB each.</Trans>}>
      <form.Field name="photos">
        {(field) => <PhotoUploader lang={lang} photos={field.state.value} onChange={(photos) => field.handleChange(photos)} onBusyChange={onBusyChange} />}
      </form.Field>
    </GroupCard>
  )
}
