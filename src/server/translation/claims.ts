import type { Kysely } from 'kysely'
import type { Database, TranslationLang } from '~/server/db/schema'

/*
 * A lease on listings' remarks while one process has them at the provider (decision 071), like
 * the mail outbox's (mail/delivery-lease.ts): two processes that read the same pending listings
 * each claim them in one statement, and only the first to write goes on with any one listing; a
 * process that died mid-request loses its claims when their lease runs out.
 */

/** Longer than a batch's requests with their retries can take (30 s each, a few of them). */
export const TRANSLATION_LEASE_MS = 10 * 60_000

/**
 * Claims the listings in `homeIds` for `claimId` until `leaseUntil`: a free listing, or one whose
 * holder's lease has ended. Returns the ids this claim holds.
 */
export async function claimListings(
  db: Kysely<Database>,
  homeIds: ReadonlyArray<string>,
  lang: TranslationLang,
  claimId: string,
  now: string,
  leaseUntil: string,
): Promise<Set<string>> {
  if (homeIds.length === 0) return new Set()
  // Sorted, so two processes claiming overlapping listings lock them in one order on PostgreSQL.
  const sorted = [...homeIds].sort()
  await db
    .insertInto('listingRemarksTranslationClaim')
    .values(sorted.map((homeId) => ({ homeId, lang, claimedBy: claimId, leaseUntil })))
    .onConflict((conflict) =>
      conflict
        .columns(['homeId', 'lang'])
        .doUpdateSet((eb) => ({ claimedBy: eb.ref('excluded.claimedBy'), leaseUntil: eb.ref('excluded.leaseUntil') }))
        .where('listingRemarksTranslationClaim.leaseUntil', '<=', now),
    )
    .execute()
  const held = await db.selectFrom('listingRemarksTranslationClaim').select('homeId').where('claimedBy', '=', claimId).where('homeId', 'in', sorted).execute()
  return new Set(held.map((row) => row.homeId))
}

/** Ends a claim's leases (the work is stored, or given up for this pass). */
export async function releaseClaim(db: Kysely<Database>, claimId: string): Promise<void> {
  await db.deleteFrom('listingRemarksTranslationClaim').where('claimedBy', '=', claimId).execute()
}

/** Leases that ran out with nobody taking the listing over (its holder died, then the listing left). */
export async function deleteExpiredClaims(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('listingRemarksTranslationClaim').where('leaseUntil', '<=', now).execute()
}
