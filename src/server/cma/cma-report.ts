import type { CmaReport } from '~/schemas/cma/cma-report'
import type { Actor } from '~/server/auth/actor'
import type { AppServices } from '~/server/services'

/** The report view model of one of the realtor's own CMAs (the PDF, the workspace's preview). */
export async function getCmaReport(services: AppServices, actor: Actor, id: string, lang: 'ko' | 'en'): Promise<CmaReport> {
  void services
  void actor
  void id
  void lang
  throw new Error('not yet')
}
