import { realtorDisplayName } from '~/lib/realtor-names'
import { SENDER_REALTOR_COLUMNS, type RealtorForMail } from '~/server/mail/sender-realtor'
import type { AppServices } from '~/server/services'
import { photoUrlOf } from '~/server/uploads/photo-address'

/**
 * A run's reader of the realtors its mails come from (alerts, market reports): each realtor is
 * read once per run, however many of their searches or subscriptions are due.
 */
export function realtorsForMailRun(services: AppServices): (id: string) => Promise<RealtorForMail | undefined> {
  const read = new Map<string, RealtorForMail | undefined>()
  return async (id) => {
    if (!read.has(id)) read.set(id, await readRealtorForMail(services, id))
    return read.get(id)
  }
}

/** The realtor a run's mails come from, with their photo and regions. */
async function readRealtorForMail(services: AppServices, id: string): Promise<RealtorForMail | undefined> {
  const realtor = await services.db.selectFrom('realtor').select(SENDER_REALTOR_COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!realtor) return undefined
  const [photos, regions] = await Promise.all([
    services.db
      .selectFrom('realtorPhoto')
      .select(['path', 'url'])
      .where('realtorId', '=', id)
      .where('path', 'in', ['id', 'logo'])
      .orderBy('sortOrder')
      .execute(),
    services.db.selectFrom('activityRegion').select(['state', 'cityKey']).where('realtorId', '=', id).orderBy('sortOrder').execute(),
  ])
  const photo = photos.find((item) => item.path === 'id') ?? photos.find((item) => item.path === 'logo')
  return {
    name: { ko: realtorDisplayName(realtor, 'ko'), en: realtorDisplayName(realtor, 'en') },
    email: realtor.email,
    desiredUrl: realtor.desiredUrl,
    hompageHost: realtor.hompageHost,
    photo: photo ? photoUrlOf(services.storage, photo.url) : null,
    licenseNumber: realtor.licenseNumber,
    brokerageName: realtor.brokerageName,
    brokerageLicenseNumber: realtor.brokerageLicenseNumber,
    brokerageAddress: realtor.brokerageAddress,
    regions,
  }
}
