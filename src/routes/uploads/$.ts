import { createFileRoute } from '@tanstack/react-router'
import { handleUploadRequest } from '~/server/http/upload-handler'
import { getServices } from '~/server/process-services'

export const Route = createFileRoute('/uploads/$')({
  server: {
    handlers: {
      ANY: async ({ request }) => handleUploadRequest(request, await getServices()),
    },
  },
})
