import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { ListingSource } from '~/schemas/listing-source'
import { DEMO_SOURCE } from './demo-homes'

/*
 * Each listing source's MLS display profile (issue 15 items 1 and 2): what the MLS's IDX rules
 * require a page to show with its listings, and how old its data may get. Configured in an
 * optional JSON file named by LISTINGS_DISPLAY_PROFILES (docs/listings-import.md), checked once
 * at startup; a source the file does not name gets the defaults, which follow the common NAR
 * IDX policy.
 */

/** Ages beyond a year are a typo, not a policy. */
const MAX_AGE_HOURS_LIMIT = 24 * 366

export const DEFAULT_MAX_AGE_HOURS = 12
/** The product's markets (CA, GA) are mostly Pacific; a Georgia MLS sets America/New_York. */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles'

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const text = (max: number) => z.string().trim().min(1).max(max)

function template(required: ReadonlyArray<string>, forbidden: ReadonlyArray<string>) {
  return text(300)
    .refine((value) => required.every((name) => value.includes(`{${name}}`)), { error: `must contain ${required.map((name) => `{${name}}`).join(' and ')}` })
    .refine((value) => forbidden.every((name) => !value.includes(`{${name}}`)), {
      error: `must not contain ${forbidden.map((name) => `{${name}}`).join(' or ')}`,
    })
}

/** One profile as the file gives it; every field may be left to the default. */
export const displayProfileEntrySchema = z
  .strictObject({
    /** The MLS's name, as the disclaimer names it. */
    mlsName: text(200).optional(),
    /** The MLS's own disclaimer in English; the NAR IDX-style one when absent. */
    disclaimer: text(4000).optional(),
    /** A Korean rendering of `disclaimer`, shown beside it on Korean pages (the English stays authoritative). */
    disclaimerKo: text(4000).optional(),
    /** The credit beside the price, e.g. "Listing provided by {office}" (some MLSs forbid "Courtesy of"). */
    credit: template(['office'], ['agent']).optional(),
    /** The credit when the agent's name is shown, e.g. "Listed by {agent} of {office}". */
    creditWithAgent: template(['agent', 'office'], []).optional(),
    showAgentName: z.boolean().optional(),
    /** The MLS's logo or IDX mark, when its rules require one: an https image and its size in CSS pixels. */
    logo: z
      .strictObject({
        url: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }),
        alt: text(200),
        width: z.number().int().min(1).max(600),
        height: z.number().int().min(1).max(200),
      })
      .optional(),
    /** Hours without a successful import before the platform admin is warned; null: never. */
    maxAgeHours: z.number().positive().max(MAX_AGE_HOURS_LIMIT).nullable().optional(),
    /**
     * Whether the MLS lets its members' sites show sold listings' prices and dates (sold data).
     * Off unless the file says so: some MLSs and non-disclosure states forbid it.
     */
    soldData: z.boolean().optional(),
    /**
     * Whether Korean pages may show a machine translation of the listings' remarks (issue 54).
     * Off unless the file says so: some MLSs forbid altering listing content in any way.
     */
    translateRemarks: z.boolean().optional(),
    /** IANA time zone the "last updated" time is shown in. */
    timeZone: text(64).refine(isTimeZone, { error: 'must be an IANA time zone such as America/Los_Angeles' }).optional(),
  })
  .refine((entry) => entry.disclaimerKo === undefined || entry.disclaimer !== undefined, {
    path: ['disclaimerKo'],
    error: 'needs the English disclaimer it renders',
  })
export type DisplayProfileEntry = z.infer<typeof displayProfileEntrySchema>

/** `demo`, `file:<name>`, `reso:<host>`, or a prefix ending in `*` (`reso:*`, `file:*`, `*`). */
const profileKeySchema = z.string().regex(/^(demo|(file|reso):[^*\s]+|((file|reso):)?\*)$/, {
  error: 'must be demo, file:<name>, reso:<host>, or a prefix ending in * (reso:*, file:*, *)',
})

export const displayProfileFileSchema = z.record(profileKeySchema, displayProfileEntrySchema)
export type DisplayProfiles = z.infer<typeof displayProfileFileSchema>

/** A source's profile with every default filled in. */
export type DisplayProfile = Omit<ListingSource, 'id' | 'lastUpdatedAt'> & { maxAgeHours: number | null; soldData: boolean; translateRemarks: boolean }

/** The file is missing, not JSON, or says something the schema refuses: the process does not start. */
export class DisplayProfileError extends Error {
  override name = 'DisplayProfileError'
}

/** Parses the file's JSON text; errors name the file, the source and the field. */
export function parseDisplayProfiles(json: string, origin: string): DisplayProfiles {
  let value: unknown
  try {
    value = JSON.parse(json.replace(/^\uFEFF/, ''))
  } catch (error) {
    throw new DisplayProfileError(`${origin}: not valid JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  const parsed = displayProfileFileSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((issue) => {
    // A refused key's own message is nested; zod's outer one only says "Invalid key".
    const message = issue.code === 'invalid_key' ? issue.issues.map((inner) => inner.message).join('; ') : issue.message
    return `${issue.path.map(String).join('.') || '(the file)'}: ${message}`
  })
  throw new DisplayProfileError(`${origin}: ${problems.join('; ')}`)
}

/** LISTINGS_DISPLAY_PROFILES: unset means the defaults for every source. */
export function loadDisplayProfiles(filePath: string | undefined): DisplayProfiles {
  if (filePath === undefined) return {}
  let json: string
  try {
    json = readFileSync(filePath, 'utf8')
  } catch (error) {
    throw new DisplayProfileError(`LISTINGS_DISPLAY_PROFILES=${filePath}: cannot be read (${error instanceof Error ? error.message : String(error)})`)
  }
  return parseDisplayProfiles(json, `LISTINGS_DISPLAY_PROFILES=${filePath}`)
}

/** The entry for a source: its own, else the longest matching `prefix*`. */
function entryFor(profiles: DisplayProfiles, source: string): DisplayProfileEntry | undefined {
  const own = profiles[source]
  if (own) return own
  let best: { length: number; entry: DisplayProfileEntry } | undefined
  for (const [key, entry] of Object.entries(profiles)) {
    if (!key.endsWith('*')) continue
    const prefix = key.slice(0, -1)
    if (source.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = { length: prefix.length, entry }
  }
  return best?.entry
}

function defaultMlsName(source: string): string {
  if (source === DEMO_SOURCE) return 'Demo data'
  // The feed's host names the MLS (or its vendor) better than nothing does.
  if (source.startsWith('reso:')) return source.slice('reso:'.length)
  return 'the MLS'
}

/** The profile of a source: its configured fields over the defaults. */
export function displayProfileFor(profiles: DisplayProfiles, source: string): DisplayProfile {
  const entry = entryFor(profiles, source) ?? {}
  const isDemo = source === DEMO_SOURCE
  return {
    mlsName: entry.mlsName ?? defaultMlsName(source),
    isDemo,
    disclaimer: entry.disclaimer ?? null,
    disclaimerKo: entry.disclaimerKo ?? null,
    credit: entry.credit ?? null,
    creditWithAgent: entry.creditWithAgent ?? null,
    showAgentName: entry.showAgentName ?? false,
    logo: entry.logo ?? null,
    // Demo listings are generated once and never refreshed: their age is no warning.
    maxAgeHours: entry.maxAgeHours !== undefined ? entry.maxAgeHours : isDemo ? null : DEFAULT_MAX_AGE_HOURS,
    timeZone: entry.timeZone ?? DEFAULT_TIME_ZONE,
    // The demo's sold homes are invented, so showing them breaks no MLS rule.
    soldData: entry.soldData ?? isDemo,
    // The demo's remarks are our own words, so translating them alters no MLS's content.
    translateRemarks: entry.translateRemarks ?? isDemo,
  }
}

/** What a page shows of a source: its profile and its last successful run. */
export function listingSourceOf(profiles: DisplayProfiles, source: string, lastUpdatedAt: string | null): ListingSource {
  const { maxAgeHours: _maxAgeHours, soldData: _soldData, translateRemarks: _translateRemarks, ...shown } = displayProfileFor(profiles, source)
  return { id: source, ...shown, lastUpdatedAt }
}

/** True when a source has gone longer than its profile allows without a successful run. */
export function isStale(profile: Pick<DisplayProfile, 'maxAgeHours'>, lastRunAt: string | null, now: Date): boolean {
  if (profile.maxAgeHours === null) return false
  if (lastRunAt === null) return true
  return now.getTime() - Date.parse(lastRunAt) > profile.maxAgeHours * 3_600_000
}
