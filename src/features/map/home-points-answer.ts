import * as z from 'zod/mini'
import type { HomePoints } from '~/schemas/home'

/**
 * The points answer (`GET /cozying-api/v1/home/points`) as the map checks it in the browser:
 * the API's `homePointsSchema` in zod's mini build, which the compiler holds to the same type.
 * The API's own schema module builds every home schema (with their OpenAPI descriptions) when it
 * loads: ~0.15 s of a slowed phone's main thread in the map's chunk, for a check of five fields.
 */
export const homePointsAnswer: z.ZodMiniType<HomePoints> = z.object({
  points: z.array(z.object({ homeId: z.string(), latitude: z.number(), longitude: z.number(), price: z.number(), homeStatus: z.string() })),
  bbox: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
  truncated: z.boolean(),
})
