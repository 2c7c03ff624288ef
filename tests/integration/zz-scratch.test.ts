import { it } from 'vitest'
import { api, createTestApp, signUp, validRealtor, validContact, uploadRequest } from './harness'

it('probe', async () => {
  for (const db of ['sqlite', 'postgres'] as const) {
    const app = await createTestApp(db)
    const token = await signUp(app.services, 'a@example.com')
    const r = await api(app.services, 'POST', '/realtor', { token, body: validRealtor({ salesCount: 5_000_000_000 }), lang: 'en' })
    console.log(db, 'big salesCount', r.status, r.text.slice(0, 200))
    const r2 = await api(app.services, 'POST', '/realtor', { token, body: validRealtor({ aboutMeEn: 'a\u0000b' }), lang: 'en' })
    console.log(db, 'nul', r2.status, r2.text.slice(0, 200))
    const r3 = await api(app.services, 'GET', '/realtor/a%00b', { lang: 'en' })
    console.log(db, 'nul key', r3.status, r3.text.slice(0, 200))
    try {
      const u = await uploadRequest(app.services, 'PUT', 'http://test.local/uploads/%E0%A4%A', new Uint8Array([1]))
      console.log(db, 'upload malformed', u.status, u.text)
    } catch (e) { console.log(db, 'upload threw', String(e)) }
    await app.close()
  }
})
