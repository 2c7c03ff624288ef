import { sql, type ExpressionBuilder } from 'kysely'
import { ADMIN_PAGE_SIZE, adminRealtorQuerySchema, adminSetPublishedSchema, type AdminPublishedResult, type AdminRealtorPage } from '~/schemas/admin'
import type { Actor } from '~/server/auth/actor'
import type { Database } from '~/server/db/schema'
import { errors, parseInput } from '~/server/app-error'
import { updateRealtor } from '~/server/realtors/realtors'
import type { AppServices } from '~/server/services'

/** 401 for nobody, 403 for a signed-in non-admin: checked before the input is even read. */
export function requireAdmin(actor: Actor | null): Actor {
  if (!actor) throw errors.unauthorized()
  if (!actor.isAdmin) throw errors.forbidden()
  return actor
}

/** `%` and `_` typed by the admin are literal characters (desiredUrls often hold `_`). */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

const SEARCHED_COLUMNS = ['realtor.desiredUrl', 'realtor.displayNameKo', 'realtor.displayNameEn', 'realtor.email'] as const

/**
 * Case-insensitive "contains" on every searched column. The database's own lower() runs on
 * both sides, so the comparison never depends on LIKE's case rules (case-insensitive for
 * ASCII on SQLite, case-sensitive on PostgreSQL) nor on JavaScript and the database
 * disagreeing about what lowercase is. A full scan, which is fine for a back-office list of
 * realtors; an index would only pay off with a trigram extension PostgreSQL-side.
 */
function matchesSearch(q: string) {
  const pattern = likeContains(q)
  return (eb: ExpressionBuilder<Database, 'realtor'>) =>
    eb.or(SEARCHED_COLUMNS.map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`lower(${pattern}) escape '\\'`)))
}

/**
 * Issue 5 item 7: every realtor, published or not, for platform admins; searchable by
 * address, display names and e-mail; newest change first; 20 per page.
 */
export async function adminListRealtors(services: AppServices, actor: Actor | null, input: unknown): Promise<AdminRealtorPage> {
  requireAdmin(actor)
  const { q: rawQ, page } = parseInput(adminRealtorQuerySchema, input)
  const q = rawQ ?? ''
  const base = services.db.selectFrom('realtor').$if(q !== '', (query) => query.where(matchesSearch(q)))
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
    base
      .select([
        'realtor.id',
        'realtor.userId',
        'realtor.desiredUrl',
        'realtor.displayNameKo',
        'realtor.displayNameEn',
        'realtor.email',
        'realtor.isMakeHomepage',
        'realtor.createdAt',
        'realtor.updatedAt',
      ])
      .orderBy('realtor.updatedAt', 'desc')
      .orderBy('realtor.id')
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE)
      .execute(),
  ])
  const total = Number(countRow?.count ?? 0)
  return {
    realtors: rows.map(({ isMakeHomepage, ...row }) => ({ ...row, published: isMakeHomepage === 'Y' })),
    q,
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total,
    totalPages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  }
}

/**
 * Publishes or unpublishes any realtor's homepage (isMakeHomepage Y/N). Admins only, even for
 * their own homepage: owners have the editor for that. The change goes through updateRealtor
 * so it is validated, timestamped and stored exactly like an edit.
 */
export async function adminSetPublished(services: AppServices, actor: Actor | null, input: unknown): Promise<AdminPublishedResult> {
  const admin = requireAdmin(actor)
  const { id, published } = parseInput(adminSetPublishedSchema, input)
  const realtor = await updateRealtor(services, admin, id, { isMakeHomepage: published ? 'Y' : 'N' })
  return { id: realtor.id, published: realtor.isMakeHomepage === 'Y', updatedAt: realtor.updatedAt }
}
