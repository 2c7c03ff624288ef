import type { Migration, MigrationProvider } from 'kysely/migration'
import * as initial from './0001-initial'
import * as directoryRegionIndex from './0002-directory-region-index'
import * as homes from './0003-homes'
import * as pageRevisions from './0004-page-revisions'
import * as accountRole from './0005-account-role'
import * as homeAssociationFee from './0006-home-association-fee'
import * as listingSourceRuns from './0007-listing-source-runs'
import * as leadConsent from './0008-lead-consent'
import * as savedSearches from './0009-saved-searches'
import * as testimonials from './0010-testimonials'
import * as siteVerification from './0011-site-verification'
import * as visitorStats from './0012-visitor-stats'
import * as leads from './0013-leads'
import * as leadReplies from './0015-lead-replies'
import * as tourRequests from './0016-tour-requests'
import * as openHouses from './0017-open-houses'
import * as listingImportFailures from './0018-listing-import-failures'
import * as photoStorageKeys from './0019-photo-storage-keys'
import * as accountLanguage from './0020-account-language'
import * as homeSaleFacts from './0021-home-sale-facts'
import * as posts from './0023-posts'
import * as homeMapIndex from './0027-home-map-index'
import * as homeValuationIndex from './0028-home-valuation-index'
import * as sellerLeads from './0029-seller-leads'
import * as marketSnapshots from './0030-market-snapshots'
import * as marketSubscriptions from './0031-market-subscriptions'
import * as cdnPurgeOutbox from './0032-cdn-purge-outbox'
import * as photoVariants from './0033-photo-variants'
import * as pageFontUsed from './0034-page-font-used'
import * as listingImportUnchanged from './0035-listing-import-unchanged'
import * as listingPhotoHash from './0036-listing-photo-hash'
import * as regionKoreanName from './0037-region-korean-name'
import * as leadTimeline from './0038-lead-timeline'
import * as phonesE164 from './0039-phones-e164'
import * as cma from './0041-cma'

/** Migrations are listed in code, not read from a folder, so the server bundle carries them. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-directory-region-index': directoryRegionIndex,
  '0003-homes': homes,
  '0004-page-revisions': pageRevisions,
  '0005-account-role': accountRole,
  '0006-home-association-fee': homeAssociationFee,
  '0007-listing-source-runs': listingSourceRuns,
  '0008-lead-consent': leadConsent,
  '0009-saved-searches': savedSearches,
  '0010-testimonials': testimonials,
  '0011-site-verification': siteVerification,
  '0012-visitor-stats': visitorStats,
  '0013-leads': leads,
  '0015-lead-replies': leadReplies,
  '0016-tour-requests': tourRequests,
  '0017-open-houses': openHouses,
  '0018-listing-import-failures': listingImportFailures,
  '0019-photo-storage-keys': photoStorageKeys,
  '0020-account-language': accountLanguage,
  '0021-home-sale-facts': homeSaleFacts,
  '0023-posts': posts,
  '0027-home-map-index': homeMapIndex,
  '0028-home-valuation-index': homeValuationIndex,
  '0029-seller-leads': sellerLeads,
  '0030-market-snapshots': marketSnapshots,
  '0031-market-subscriptions': marketSubscriptions,
  '0032-cdn-purge-outbox': cdnPurgeOutbox,
  '0033-photo-variants': photoVariants,
  '0034-page-font-used': pageFontUsed,
  '0035-listing-import-unchanged': listingImportUnchanged,
  '0036-listing-photo-hash': listingPhotoHash,
  '0037-region-korean-name': regionKoreanName,
  '0038-lead-timeline': leadTimeline,
  '0039-phones-e164': phonesE164,
  '0041-cma': cma,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
}
