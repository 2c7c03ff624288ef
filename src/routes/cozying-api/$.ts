import { createFileRoute } from '@tanstack/react-router'
import { handleApiRequest } from '~/server/http/api'
import { currentClientIp } from '~/server/http/request-ip'
import { getServices } from '~/server/services'

// Every path under /cozying-api/ answers JSON, unknown ones and wrong methods included.
export const Route = createFileRoute('/cozying-api/$')({
  server: {
    handlers: {
      ANY: async ({ request }) => handleApiRequest(request, { services: await getServices(), clientIp: currentClientIp() }),
    },
  },
})
