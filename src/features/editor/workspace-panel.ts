import type { Lang } from '~/lib/lang'

/**
 * What every panel of a realtor's workspace is given, and hands on to the forms it opens: whose
 * workspace it is (the realtor's id, for its queries and server functions), the homepage's
 * address (for links to the public pages) and the language the workspace is shown in.
 */
export type WorkspacePanelProps = { realtorId: string; desiredUrl: string; lang: Lang }
