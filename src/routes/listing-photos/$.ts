import { createFileRoute } from '@tanstack/react-router'
import { handleListingPhotoRequest } from '~/server/http/listing-photo-handler'
import { getServices } from '~/server/process-services'

export const Route = createFileRoute('/listing-photos/$')({
  server: {
    handlers: {
      ANY: async ({ request }) => handleListingPhotoRequest(request, await getServices()),
    },
  },
})
