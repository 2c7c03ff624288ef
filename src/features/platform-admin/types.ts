import type { adminListRealtors } from '~/functions/admin.functions'

/* The admin list's types, read off the server function's result so the parts and the panel agree. */
export type ListResult = Awaited<ReturnType<typeof adminListRealtors>>
export type AdminPage = Extract<ListResult, { ok: true }>['data']
export type AdminRow = AdminPage['realtors'][number]
