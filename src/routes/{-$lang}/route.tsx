import { createFileRoute } from '@tanstack/react-router'
import { parseLangParams } from '~/lib/route-params'

// Only `/en` is a language prefix; any other first segment is left to the realtor route.
export const Route = createFileRoute('/{-$lang}')({
  params: { parse: parseLangParams },
})
