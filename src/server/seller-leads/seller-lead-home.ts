import { recordIdRequestSchema } from '~/schemas/record-id'
import { sellerLeadHomeSchema, type SellerLeadHome } from '~/schemas/seller-lead-home'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import { managedLead } from '~/server/leads/leads'
import type { AppServices } from '~/server/services'

/**
 * The home of one of the realtor's seller leads, for a CMA started from it (issue 53): the lead's
 * own row (the `lead` row shares its id). Any other lead, or another realtor's, is a 404.
 */
export async function sellerLeadHome(services: AppServices, actor: Actor | null, input: unknown): Promise<SellerLeadHome> {
  const { id } = parseInput(recordIdRequestSchema, input)
  const lead = await managedLead(services, actor, id)
  const row = await services.db.selectFrom('sellerLead').selectAll().where('id', '=', lead.id).executeTakeFirst()
  if (!row) throw errors.notFound()
  const { estimateLow: low, estimateTypical: typical, estimateHigh: high } = row
  // Parsed: the row was checked when the visitor sent it, and the schema says so to the types.
  return sellerLeadHomeSchema.parse({
    leadId: row.id,
    name: row.name,
    lang: row.lang,
    subject: {
      street: row.street,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      propertyType: row.propertyType,
      beds: Number(row.beds),
      baths: Number(row.baths),
      livingArea: Number(row.livingArea),
      yearBuilt: row.yearBuilt === null ? undefined : Number(row.yearBuilt),
    },
    estimate: low !== null && typical !== null && high !== null ? { low: Number(low), typical: Number(typical), high: Number(high) } : null,
  })
}
