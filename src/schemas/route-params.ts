import { z } from 'zod'
import { desiredUrlSchema } from './realtor-fields'

export const langSchema = z.enum(['ko', 'en'])

export const langParamsSchema = z.object({ lang: z.literal('en').optional() })

export const desiredUrlParamsSchema = z.object({ desiredUrl: desiredUrlSchema })
