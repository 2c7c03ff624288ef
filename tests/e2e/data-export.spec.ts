import fs from 'node:fs/promises'
import { expect, request as playwrightRequest, test } from '@playwright/test'
import { deleteMadeRealtors, pathOf, requireBaseURL, waitForHydration, type MadeRealtor } from './helpers.ts'
import { createPublishedRealtor } from './fixtures.ts'

/*
 * The realtor's data, theirs (issue 30 item 8), in the workspace: "Download all my data" gives
 * the ZIP through the session cookie alone, and "Delete account…" with the typed e-mail address
 * ends the account, its homepage and its sign-in.
 */

test('downloads all the data, then deletes the account with its typed e-mail address', async ({ browser, baseURL }) => {
  const base = requireBaseURL(baseURL)
  const context = await browser.newContext({ baseURL: base })
  const leftover: Array<MadeRealtor> = []
  try {
    const made = await createPublishedRealtor(context.request, base)
    leftover.push(made)
    const page = await context.newPage()
    await page.goto(`/en/${made.desiredUrl}/admin`)

    const link = page.getByTestId('export-download')
    // Pressed once the page is live, so the press goes through the rate-limit check first. A press
    // while the admin page was still hydrating on a loaded 2-core machine once led to neither the
    // check nor the download (a CI run of 1e6b148; the cause is not known yet).
    await waitForHydration(link)
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${made.desiredUrl}-data-\\d{4}-\\d{2}-\\d{2}\\.zip$`))
    const bytes = await fs.readFile(await download.path())
    // A ZIP's local file header.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304')

    const open = page.getByTestId('delete-account-open')
    await waitForHydration(open)
    await open.click()
    const confirm = page.getByTestId('delete-account-confirm')
    await expect(page.getByTestId('delete-account-dialog')).toBeVisible()
    await expect(confirm).toBeDisabled()
    await page.getByTestId('delete-account-input').fill(`x${made.email}`)
    await expect(confirm).toBeDisabled()
    await page.getByTestId('delete-account-input').fill(made.email)
    await expect(confirm).toBeEnabled()
    await confirm.click()
    await expect.poll(() => pathOf(page.url())).toBe('/en')
    leftover.length = 0

    const gone = await page.goto(`/en/${made.desiredUrl}`)
    expect(gone?.status()).toBe(404)
    const api = await playwrightRequest.newContext({ baseURL: base })
    try {
      // The sign-up's bearer token is a session of the deleted account: it no longer signs in.
      const inbox = await api.get('/cozying-api/v1/realtor-contacts', { headers: { authorization: `Bearer ${made.token}` } })
      expect(inbox.status()).toBe(401)
    } finally {
      await api.dispose()
    }
  } finally {
    await deleteMadeRealtors(base, leftover)
    await context.close()
  }
})
