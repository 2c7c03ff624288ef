import type { FieldGroup } from './form-values'
import type { GroupProps } from './field-ui'
import { AboutFields } from './groups/about-fields'
import { AddressFields } from './groups/address-fields'
import { CareerFields } from './groups/career-fields'
import { ContactFields } from './groups/contact-fields'
import { DesignFields } from './groups/design-fields'
import { PhotosFields } from './groups/photos-fields'
import { PublishFields } from './groups/publish-fields'
import { RegionsFields } from './groups/regions-fields'
import { SeoFields } from './groups/seo-fields'
import { TestimonialsFields } from './groups/testimonials-fields'

/**
 * One group of the realtor form, by its name in FIELD_GROUPS: the editor shows them all, the
 * wizard one a step. `exceptId` lets the address check accept the realtor's own address.
 */
export function RealtorFieldGroup({
  group,
  exceptId,
  onBusyChange,
  ...props
}: GroupProps & { group: FieldGroup; exceptId?: string; onBusyChange: (busy: boolean) => void }) {
  switch (group) {
    case 'address':
      return <AddressFields {...props} exceptId={exceptId} />
    case 'contact':
      return <ContactFields {...props} />
    case 'career':
      return <CareerFields {...props} />
    case 'regions':
      return <RegionsFields {...props} />
    case 'photos':
      return <PhotosFields {...props} onBusyChange={onBusyChange} />
    case 'about':
      return <AboutFields {...props} />
    case 'testimonials':
      return <TestimonialsFields {...props} />
    case 'design':
      return <DesignFields {...props} />
    case 'seo':
      return <SeoFields {...props} />
    case 'publish':
      return <PublishFields {...props} />
  }
}
