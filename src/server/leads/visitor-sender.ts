import type { Lang } from '~/lib/lang'

/**
 * Who sent a visitor's request (a saved search, a market report, a tour, a valuation request),
 * as every such use case takes it: the address its rate limit counts, the language of the page,
 * and the origin the page was on, where the mails' links point back to.
 */
export type VisitorSender = { clientIp: string; lang: Lang; origin: string }
