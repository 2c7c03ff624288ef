import { realtorFormValuesSchema, type RealtorFormValues } from '~/features/realtor-form/form-values'

/*
 * The onboarding draft lives in this browser's localStorage, per account, so a reload or a
 * closed tab loses nothing. It is checked with the form's schema when read back: a draft
 * from an older version of the form is dropped instead of breaking the wizard.
 */
const key = (userId: string) => `realtor-draft:${userId}`

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

export function readDraft(userId: string): RealtorFormValues | undefined {
  const raw = storage()?.getItem(key(userId))
  if (!raw) return undefined
  try {
    const parsed = realtorFormValuesSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

export function writeDraft(userId: string, values: RealtorFormValues): void {
  try {
    storage()?.setItem(key(userId), JSON.stringify(values))
  } catch {
    // Storage full or disabled: the wizard still works, only without a draft.
  }
}

export function clearDraft(userId: string): void {
  storage()?.removeItem(key(userId))
}
