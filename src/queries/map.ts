import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import type { HomePoints } from '~/schemas/home'

/*
 * The home search map's points (issue 29), read from `GET /cozying-api/v1/home/points`. Apart
 * from `homes.ts`: this module loads in the map's own chunk, on demand, and `homes.ts` brings the
 * homes' server functions and their full schemas with it.
 */

/**
 * The points answer as the map checks it in the browser: the API's `homePointsSchema` in zod's
 * mini build, which the compiler holds to the same type. The API's own schema module builds
 * every home schema (with their OpenAPI descriptions) when it loads: ~0.15 s of a slowed phone's
 * main thread in the map's chunk, for a check of five fields.
 */
export const homePointsAnswer: z.ZodMiniType<HomePoints> = z.object({
  points: z.array(z.object({ homeId: z.string(), latitude: z.number(), longitude: z.number(), price: z.number(), homeStatus: z.string() })),
  bbox: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
  truncated: z.boolean(),
})

/** The map's points: `['homes', 'points', url]`, under the homes' keys. */
export const mapKeys = {
  points: (url: string) => ['homes', 'points', url] as const,
}

async function fetchPoints(url: string, signal: AbortSignal): Promise<HomePoints> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`home/points answered ${response.status}`)
  return homePointsAnswer.parse(await response.json())
}

/**
 * The points of one area and filter set (`url` from `homePointsUrl`). The last area's points
 * stay on the map while the next ones load, so the markers do not blink as the map moves.
 */
export function homePointsQuery(url: string) {
  return queryOptions({
    queryKey: mapKeys.points(url),
    queryFn: ({ signal }) => fetchPoints(url, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}
