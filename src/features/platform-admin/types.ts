import type { AdminRealtorRow } from '~/schemas/admin'

/* The admin list's types, from the schemas the server function answers with (`src/schemas/admin.ts`). */
export type AdminRow = AdminRealtorRow
