/*
 * Follow-up days are the realtor's own calendar days (`YYYY-MM-DD`, no time zone): a day has
 * come when it is today or earlier on the realtor's own clock, the browser's.
 */

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

/** Today as `YYYY-MM-DD` on the device's clock. */
export function localDay(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** Whether a follow-up day has come (today or past); never for no day, or before today is known. */
export function isFollowUpDue(nextFollowUp: string | null, today: string | null): boolean {
  if (nextFollowUp === null || today === null) return false
  // ISO days compare as text.
  return nextFollowUp <= today
}
