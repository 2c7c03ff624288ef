import { createFileRoute } from '@tanstack/react-router'
import { handleMapFileRequest, mapFilesDirectory } from '~/server/map/map-files'

export const Route = createFileRoute('/map-data/$')({
  server: {
    handlers: {
      ANY: async ({ request }) => handleMapFileRequest(request, mapFilesDirectory()),
    },
  },
})
