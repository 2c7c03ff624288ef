import { createServerFn } from '@tanstack/react-start'
import { translateDraftSchema } from '~/schemas/translation'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'
import { draftTranslationStatus, translateEditorDraft } from '~/server/translation/editor-drafts'

/* The editors' translate buttons (issue 54 item 4): thin over src/server/translation/editor-drafts.ts. */

export const fetchDraftTranslationStatus = createServerFn({ method: 'GET' }).handler(async () => {
  const services = await getServices()
  return draftTranslationStatus(services, await currentActor(services))
})

export const translateMyDraft = createServerFn({ method: 'POST' })
  .validator(parseWith(translateDraftSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return translateEditorDraft(services, await currentActor(services), data)
  })
