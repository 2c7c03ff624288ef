import { createFileRoute } from '@tanstack/react-router'
import { handleAuthRequest } from '~/server/http/auth-handler'
import { currentClientIp } from '~/server/http/request-ip'
import { getServices } from '~/server/process-services'

export const Route = createFileRoute('/api/auth/$')({
  server: {
    handlers: {
      ANY: async ({ request }) => handleAuthRequest(request, { services: await getServices(), clientIp: currentClientIp() }),
    },
  },
})
