import { getServices } from '~/server/process-services'
import { backfillPhotoVariants } from '~/server/uploads/backfill-variants'

/**
 * `npm run uploads:variants` (`node scripts/run.mjs scripts/photo-variants.ts`): makes the width
 * variants (decision 050) of every stored photo a page shows that has none yet: photos stored
 * before variants existed, or whose variants a save could not make. Safe to run again: a photo
 * that has its variants is skipped. Works on the local disk and on S3 alike.
 */
export async function main(): Promise<number> {
  const services = await getServices()
  try {
    const result = await backfillPhotoVariants(services)
    for (const made of result.made) console.log(`made ${made.key}: ${made.widths.map((width) => `${width}w`).join(' ')}`)
    for (const failed of result.failed) console.log(`failed ${failed.key}: ${failed.reason}`)
    console.log(
      `photo variants: ${result.made.length} photos given variants, ${result.skipped.length} already had them or take none, ${result.failed.length} failed; ${result.realtorsRefreshed} homepages refreshed`,
    )
    return result.failed.length > 0 ? 1 : 0
  } finally {
    await services.close()
  }
}
