/*
 * Every table of the database, named as the database names it, and where its rows go in a
 * realtor's export or why they stay out (issue 52 item 5, decision 069). The integration test
 * `data-export-coverage` lists the tables of a migrated SQLite and PostgreSQL database and
 * fails on a table missing here, so a new table holding a realtor's data cannot be forgotten:
 * whoever adds one decides here whether the realtor takes it away.
 */

export type TableCoverage =
  /** The files of the ZIP its rows are in (as export.json names them). */
  | { exportedIn: ReadonlyArray<string> }
  /** Why its rows are not the realtor's to take away. */
  | { excluded: string }

const leadFiles = (name: string) => [`leads/${name}.json`, `leads/${name}.csv`]

export const TABLE_COVERAGE: Readonly<Record<string, TableCoverage>> = {
  // The homepage: one object as the owner's GET /realtor/{id} answers it.
  realtor: { exportedIn: ['realtor.json'] },
  realtor_photo: { exportedIn: ['realtor.json', 'photos/index.json'] },
  activity_region: { exportedIn: ['realtor.json'] },
  additional_section: { exportedIn: ['realtor.json'] },
  seo_meta: { exportedIn: ['realtor.json'] },
  realtor_testimonial: { exportedIn: ['realtor.json', 'testimonials.json'] },
  // The lead desk.
  contact_message: { exportedIn: leadFiles('messages') },
  lead: { exportedIn: leadFiles('pipeline') },
  lead_note: { exportedIn: leadFiles('lead-notes') },
  lead_event: { exportedIn: leadFiles('lead-events') },
  saved_search: { exportedIn: leadFiles('saved-searches') },
  tour_request: { exportedIn: leadFiles('tour-requests') },
  seller_lead: { exportedIn: leadFiles('seller-leads') },
  market_subscription: { exportedIn: leadFiles('market-subscriptions') },
  realtor_lead_settings: { exportedIn: ['settings/lead-replies.json'] },
  open_house: { exportedIn: ['open-houses.json', 'open-houses.csv'] },
  // Posts and statistics.
  post: { exportedIn: ['posts.json'] },
  post_tag: { exportedIn: ['posts.json'] },
  // Market analyses (decision 074): each with its comparables and its share links' dates.
  cma: { exportedIn: ['cmas.json'] },
  cma_comparable: { exportedIn: ['cmas.json'] },
  cma_share: { exportedIn: ['cmas.json'] },
  visit_daily: { exportedIn: ['statistics/daily.json', 'statistics/daily.csv', 'statistics/last-90-days.json'] },
  // The sign-in account: its name, e-mail and language, nothing of signing in.
  user: { exportedIn: ['account.json'] },

  session: { excluded: 'Sign-in sessions: secrets that would let the holder act as the realtor, and gone at sign-out.' },
  account: { excluded: "Sign-in methods: the password hash and a provider's tokens are secrets, not the realtor's content." },
  verification: { excluded: 'One-time e-mail verification and password reset tokens: secrets, valid for minutes.' },
  visit_event: { excluded: 'Raw visit counts of the last 48 hours, summed into visit_daily (exported).' },
  saved_search_match: {
    excluded: "The matcher's bookkeeping of which listing a saved search was alerted about; the search is exported, the homes are the feed's.",
  },
  // The mails of the leads' timelines (decision 068), in text with their delivery state; mails to the realtor stay out.
  mail_outbox: { exportedIn: leadFiles('lead-mails') },
  lead_digest_run: { excluded: "The once-a-day claim of the realtor's digest: a scheduler's lock, no content." },
  mail_suppression: { excluded: "Addresses no mail goes to, for every realtor at once (decision 021): the platform's list, not one realtor's." },
  rate_limit: { excluded: "Request counters per client and account: the platform's abuse protection." },
  home: { excluded: "Listings from the MLS feeds, shown on every realtor's site: the feed's data, licensed to the platform." },
  home_media: { excluded: "Listing photos from the MLS feeds: the feed's data." },
  home_change: { excluded: "New listings and price drops of the feeds, waiting for the saved-search matcher: the feed's data." },
  listing_import_state: { excluded: 'Where each listing feed import stands: platform operations.' },
  listing_import_run: { excluded: 'The record of each listing feed import: platform operations.' },
  market_snapshot: { excluded: "A city's monthly market figures from the feeds, the same for every realtor: the platform's data." },
  page_revision: { excluded: 'Cache version counters of the page store: platform operations.' },
  page_font: { excluded: 'Subsets of the page font cut for pages: derived from the pages, platform operations.' },
  photo_variant: { excluded: 'The WebP widths made of each stored photo: derived copies of photos that are exported as uploaded.' },
  cdn_purge_outbox: { excluded: 'CDN purges waiting to be sent: an outbox of platform operations.' },
  kysely_migration: { excluded: "The database's migration history: platform operations." },
  kysely_migration_lock: { excluded: 'The migration lock: platform operations.' },
}
