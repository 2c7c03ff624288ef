import type { CmaReport } from '~/schemas/cma/cma-report'
import type { Actor } from '~/server/auth/actor'
import type { AppServices } from '~/server/services'

export type CmaPdfOptions = {
  lang: 'ko' | 'en'
  paper: 'letter' | 'a4'
  /** Photo bytes by the view model's URL (fetched beforehand); a URL without bytes draws a placeholder. */
  images?: ReadonlyMap<string, Buffer>
}

/** The report as a PDF (pdfkit, Pretendard embedded as a subset): a pure function of the view model. */
export async function renderCmaPdf(report: CmaReport, options: CmaPdfOptions): Promise<Buffer> {
  void report
  void options
  throw new Error('not yet')
}

/** `GET /cmas/{id}.pdf?lang=&paper=`: the owner's CMA as a file. */
export async function cmaPdfFile(services: AppServices, actor: Actor, id: string, query: unknown): Promise<{ body: Buffer; fileName: string }> {
  void services
  void actor
  void id
  void query
  throw new Error('not yet')
}
