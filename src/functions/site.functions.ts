import { createServerFn } from '@tanstack/react-start'
import { currentSiteContext } from '~/server/site/site-context'

export const getSiteContext = createServerFn({ method: 'GET' }).handler(() => currentSiteContext())
