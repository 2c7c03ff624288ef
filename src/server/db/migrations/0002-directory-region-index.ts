import type { Kysely } from 'kysely'

// The directory's EXISTS (issue 7) looks regions up per realtor: (realtor_id, state, city_key)
// serves it for every filter. Without it SQLite answers `state=` alone through
// activity_region_place_idx (state=?) and scans every region of the state per realtor.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('activity_region_realtor_place_idx').on('activity_region').columns(['realtor_id', 'state', 'city_key']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_region_realtor_place_idx').execute()
}
