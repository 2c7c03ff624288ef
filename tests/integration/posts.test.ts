import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import type { Post, PostList } from '../../src/schemas/posts'
import { listBlog, readBlogPost } from '../../src/server/blog/blog-pages'
import { previewPostBodies } from '../../src/server/posts/posts'
import { uploadFolderOf, uploadPrefix } from '../../src/server/uploads/storage'
import { buildSitemap } from '../../src/server/seo/sitemap'
import {
  actorFor,
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  ORIGIN,
  signUp,
  signUpAdmin,
  uniqueEmail,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'

/*
 * Posts through the REST API (issue 28 item 5) on SQLite and PostgreSQL: the owner writes,
 * schedules, publishes and deletes; anyone reads what is public and nothing else; another
 * realtor's posts do not exist for the caller; every body is sanitised on the way in; the rules
 * between fields are field errors in the caller's language; the blog pages and the sitemap follow.
 */

const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0))

describeOnEachDatabase('posts through the REST API', (database) => {
  let app: TestApp
  let owner = ''
  let stranger = ''
  let realtorId = ''
  let desiredUrl = ''

  beforeAll(async () => {
    app = await createTestApp(database.name)
    owner = await signUp(app.services, uniqueEmail('post-owner'))
    stranger = await signUp(app.services, uniqueEmail('post-stranger'))
    const created = await api<{ id: string; desiredUrl: string }>(app.services, 'POST', '/realtor', { token: owner, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    realtorId = created.body.id
    desiredUrl = created.body.desiredUrl
  })

  afterEach(() => {
    app.clock.reset()
  })

  afterAll(async () => {
    await app.close()
  })

  it('the owner writes a draft, sanitised, that nobody else can read; publishing it makes it public on the blog and in the sitemap', async () => {
    app.clock.set(NOW)
    const draft = await api<Post>(app.services, 'POST', '/posts', {
      token: owner,
      body: {
        slug: 'irvine-schools',
        kind: 'article',
        titleEn: 'Irvine schools',
        bodyEn: '<h2>Schools</h2><p onclick="steal()">Great <a href="https://schools.example">schools</a><script>alert(1)</script></p><ul><li>One</li></ul>',
        tags: ['schools', 'schools', 'irvine'],
      },
    })
    expect(draft.status, draft.text).toBe(201)
    expect(draft.body).toMatchObject({
      realtorId,
      slug: 'irvine-schools',
      kind: 'article',
      status: 'draft',
      publishAt: null,
      titleKo: null,
      tags: ['irvine', 'schools'],
    })
    expect(draft.body.bodyEn).toBe('<h2>Schools</h2><p>Great <a href="https://schools.example" rel="nofollow noopener">schools</a></p><ul><li>One</li></ul>')
    const id = draft.body.id

    // Not public: anonymous and another realtor get a 404, the list leaves it out.
    expectError(await api(app.services, 'GET', `/posts/${id}`), 404, 'NOT_FOUND')
    expectError(await api(app.services, 'GET', `/posts/${id}`, { token: stranger }), 404, 'NOT_FOUND')
    expect((await api<PostList>(app.services, 'GET', `/posts?realtorId=${realtorId}`)).body.posts).toEqual([])
    expect((await api<PostList>(app.services, 'GET', `/posts?realtorId=${realtorId}`, { token: owner })).body.posts.map((post) => post.id)).toEqual([id])

    const published = await api<Post>(app.services, 'PATCH', `/posts/${id}`, { token: owner, body: { status: 'published' } })
    expect(published.status, published.text).toBe(200)
    expect(published.body).toMatchObject({ status: 'published', publishAt: NOW.toISOString(), bodyEn: draft.body.bodyEn })
    expect((await api<Post>(app.services, 'GET', `/posts/${id}`)).body.titleEn).toBe('Irvine schools')
    expect((await listBlog(app.services, { desiredUrl, lang: 'en' }))?.posts.map((post) => post.slug)).toEqual(['irvine-schools'])
    expect(await buildSitemap(app.services, ORIGIN)).toContain(`/en/${desiredUrl}/blog/irvine-schools`)
  })

  it('a scheduled post goes public at its time, with no request to publish it', async () => {
    app.clock.set(NOW)
    const later = new Date(NOW.getTime() + 3_600_000).toISOString()
    const scheduled = await api<Post>(app.services, 'POST', '/posts', {
      token: owner,
      body: { slug: 'next-week', kind: 'article', status: 'scheduled', publishAt: later, titleKo: '다음 주', bodyKo: '<p>곧 공개</p>' },
    })
    expect(scheduled.status, scheduled.text).toBe(201)
    expectError(await api(app.services, 'GET', `/posts/${scheduled.body.id}`), 404, 'NOT_FOUND')
    expect(await readBlogPost(app.services, { desiredUrl, lang: 'ko', slug: 'next-week' })).toBeUndefined()
    app.clock.set(new Date(NOW.getTime() + 3_600_001))
    expect((await api<Post>(app.services, 'GET', `/posts/${scheduled.body.id}`)).status).toBe(200)
    expect((await readBlogPost(app.services, { desiredUrl, lang: 'ko', slug: 'next-week' }))?.bodyHtml).toBe('<p>곧 공개</p>')
  })

  it('only the owner or a platform admin writes; without a token 401, another realtor 404', async () => {
    const post = await api<Post>(app.services, 'POST', '/posts', { token: owner, body: { slug: 'mine', kind: 'article', titleEn: 'Mine', bodyEn: '<p>x</p>' } })
    expect(post.status, post.text).toBe(201)
    expectError(await api(app.services, 'POST', '/posts', { body: { slug: 'anon', kind: 'article', titleEn: 'A', bodyEn: '<p>a</p>' } }), 401, 'UNAUTHORIZED')
    // A stranger naming the owner's realtor: the realtor does not exist for them.
    expectError(
      await api(app.services, 'POST', '/posts', { token: stranger, body: { realtorId, slug: 'theirs', kind: 'article', titleEn: 'T', bodyEn: '<p>t</p>' } }),
      404,
      'NOT_FOUND',
    )
    expectError(await api(app.services, 'PATCH', `/posts/${post.body.id}`, { token: stranger, body: { titleEn: 'Hacked' } }), 404, 'NOT_FOUND')
    expectError(await api(app.services, 'DELETE', `/posts/${post.body.id}`, { token: stranger }), 404, 'NOT_FOUND')
    const admin = await signUpAdmin(app.services, uniqueEmail('post-admin'))
    expect((await api<Post>(app.services, 'PATCH', `/posts/${post.body.id}`, { token: admin, body: { titleEn: 'Edited by the platform' } })).body.titleEn).toBe(
      'Edited by the platform',
    )
    expect((await api(app.services, 'DELETE', `/posts/${post.body.id}`, { token: owner })).status).toBe(200)
    expectError(await api(app.services, 'GET', `/posts/${post.body.id}`, { token: owner }), 404, 'NOT_FOUND')
  })

  it('names each broken rule at its field, in the caller’s language; a used address is a 409', async () => {
    const english = await api<ErrorBody>(app.services, 'POST', '/posts', {
      token: owner,
      lang: 'en',
      body: { slug: 'Bad Slug!', kind: 'guide', status: 'scheduled', titleEn: 'Only a title' },
    })
    expectError(english, 400, 'VALIDATION_FAILED')
    expect(english.body.fieldErrors).toEqual({ slug: ['Use lowercase letters, digits and single hyphens, e.g. irvine-schools-2026'] })
    const rules = await api<ErrorBody>(app.services, 'POST', '/posts', {
      token: owner,
      lang: 'en',
      body: { slug: 'guide', kind: 'guide', status: 'scheduled', titleEn: 'Only a title' },
    })
    expectError(rules, 400, 'VALIDATION_FAILED')
    expect(rules.body.fieldErrors).toEqual({
      bodyEn: ["Write the post's text in this language, or remove its title"],
      city: ['A neighborhood guide names its city'],
      state: ['A neighborhood guide names its state'],
      publishAt: ['Choose when the post goes public'],
    })
    const korean = await api<ErrorBody>(app.services, 'POST', '/posts', { token: owner, lang: 'ko', body: { slug: 'empty', kind: 'article' } })
    expectError(korean, 400, 'VALIDATION_FAILED')
    expect(korean.body.fieldErrors).toEqual({
      titleKo: ['한국어나 영어, 또는 두 언어로 글을 써 주세요'],
      titleEn: ['한국어나 영어, 또는 두 언어로 글을 써 주세요'],
    })
    // A body with nothing left after cleaning is no body.
    const emptied = await api<ErrorBody>(app.services, 'POST', '/posts', {
      token: owner,
      lang: 'en',
      body: { slug: 'emptied', kind: 'article', titleEn: 'Script only', bodyEn: '<script>alert(1)</script>' },
    })
    expect(emptied.body.fieldErrors).toEqual({ bodyEn: ["Write the post's text in this language, or remove its title"] })
    await api(app.services, 'POST', '/posts', { token: owner, body: { slug: 'taken', kind: 'article', titleEn: 'One', bodyEn: '<p>1</p>' } })
    const twice = await api<ErrorBody>(app.services, 'POST', '/posts', {
      token: owner,
      lang: 'en',
      body: { slug: 'taken', kind: 'article', titleEn: 'Two', bodyEn: '<p>2</p>' },
    })
    expectError(twice, 409, 'CONFLICT')
    expect(twice.body.fieldErrors).toEqual({ slug: ['This address is already used by another of your posts'] })
    expectError(await api(app.services, 'GET', '/posts', { lang: 'en' }), 400, 'VALIDATION_FAILED')
  })

  it.each([
    ['<img src=x onerror=alert(1)>', 'onerror'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript:'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', 'data:'],
    ['<svg><script>alert(1)</script></svg><p>s</p>', '<svg'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe><p>f</p>', '<iframe'],
    ['<p style="background:url(javascript:alert(1))">st</p>', 'style='],
  ])('stores no trace of %s, on the way in and on the way out', async (payload, trace) => {
    const written = await api<Post>(app.services, 'POST', '/posts', {
      token: owner,
      body: { slug: `xss-${Math.random().toString(36).slice(2, 10)}`, kind: 'article', status: 'published', titleEn: 'XSS', bodyEn: `<p>text</p>${payload}` },
    })
    expect(written.status, written.text).toBe(201)
    expect(written.body.bodyEn?.toLowerCase()).not.toContain(trace)
    const stored = await app.services.db.selectFrom('post').select('bodyEn').where('id', '=', written.body.id).executeTakeFirstOrThrow()
    expect(stored.bodyEn?.toLowerCase()).not.toContain(trace)
    expect(stored.bodyEn?.toLowerCase()).not.toContain('<script')
  })

  it('stores the images of a post by site-relative path, keeps only the realtor’s uploads and https: images, and shows them at today’s address', async () => {
    app.clock.set(NOW)
    const { userId } = await actorFor(app.services, owner)
    const strangerId = (await actorFor(app.services, stranger)).userId
    const key = `${uploadPrefix(uploadFolderOf(app.services.config.signingSecret, userId))}gallery/kitchen.webp`
    const othersKey = `${uploadPrefix(uploadFolderOf(app.services.config.signingSecret, strangerId))}gallery/theirs.webp`
    const written = await api<Post>(app.services, 'POST', '/posts', {
      token: owner,
      body: {
        slug: 'photos-inside',
        kind: 'article',
        status: 'published',
        titleEn: 'Photos',
        bodyEn: [
          // What the editor sends: the upload's URL under this server's PUBLIC_URL.
          `<p><img src="${app.services.storage.publicUrl(key)}" alt="The kitchen"></p>`,
          // The same upload as a development server named it.
          `<p><img src="http://localhost:3000/uploads/${key}" alt="" data-decorative="true"></p>`,
          '<p><img src="https://images.example/porch.jpg" alt="The porch"></p>',
          `<p><img src="${app.services.storage.publicUrl(othersKey)}" alt="Theirs"></p>`,
          '<p><img src="http://images.example/insecure.jpg" alt="Insecure"></p>',
          '<p><img src=x onerror=alert(1) alt="Broken"></p>',
        ].join(''),
      },
    })
    expect(written.status, written.text).toBe(201)
    const stored = await app.services.db.selectFrom('post').select('bodyEn').where('id', '=', written.body.id).executeTakeFirstOrThrow()
    expect(stored.bodyEn).toBe(
      `<p><img src="/uploads/${key}" alt="The kitchen" /></p><p><img src="/uploads/${key}" alt="" data-decorative="true" /></p><p><img src="https://images.example/porch.jpg" alt="The porch" /></p><p></p><p></p><p></p>`,
    )
    // The API and the page give the upload at the store's address of the moment.
    const shown = app.services.storage.publicUrl(key)
    expect(written.body.bodyEn).toContain(`<img src="${shown}" alt="The kitchen" />`)
    const page = await readBlogPost(app.services, { desiredUrl, lang: 'en', slug: 'photos-inside' })
    expect(page?.bodyHtml).toContain(`<img src="${shown}" alt="The kitchen" />`)
  })

  it('reads a post stored with absolute upload URLs of an earlier address as today’s, and drops what is no image', async () => {
    app.clock.set(NOW)
    const { userId } = await actorFor(app.services, owner)
    const key = `${uploadPrefix(uploadFolderOf(app.services.config.signingSecret, userId))}gallery/legacy.webp`
    const written = await api<Post>(app.services, 'POST', '/posts', {
      token: owner,
      body: { slug: 'legacy-photos', kind: 'article', status: 'published', titleEn: 'Legacy', bodyEn: '<p>Legacy</p>' },
    })
    expect(written.status, written.text).toBe(201)
    // As a row written before this change: the upload's absolute URL under another host, and a broken image.
    await app.services.db
      .updateTable('post')
      .set({ bodyEn: `<p><img src="http://localhost:3000/uploads/${key}" alt="Old" /></p><p><img src="x" /></p>` })
      .where('id', '=', written.body.id)
      .execute()
    const shown = app.services.storage.publicUrl(key)
    expect(shown.startsWith('http://localhost:3000')).toBe(false)
    const page = await readBlogPost(app.services, { desiredUrl, lang: 'en', slug: 'legacy-photos' })
    expect(page?.bodyHtml).toBe(`<p><img src="${shown}" alt="Old" /></p><p></p>`)
    expect((await api<Post>(app.services, 'GET', `/posts/${written.body.id}`, { token: owner })).body.bodyEn).toContain(`<img src="${shown}" alt="Old" />`)
  })

  it('refuses a photo with neither a description nor the decorative mark, in the caller’s language, at its body', async () => {
    for (const [lang, message] of [
      ['en', 'Describe every photo in the text, or mark it as decorative'],
      ['ko', '본문의 모든 사진에 설명을 쓰거나 장식용으로 표시해 주세요'],
    ] as const) {
      const refused = await api<ErrorBody>(app.services, 'POST', '/posts', {
        token: owner,
        lang,
        body: { slug: `no-alt-${lang}`, kind: 'article', titleKo: '사진', bodyKo: '<p><img src="https://images.example/a.jpg"></p>' },
      })
      expectError(refused, 400, 'VALIDATION_FAILED')
      expect(refused.body.fieldErrors).toEqual({ bodyKo: [message] })
    }
  })

  it('the workspace preview is the sanitiser’s output, for the owner only', async () => {
    const body =
      '<h1>Title</h1><p onclick="x()">Hi <a href="https://example.org">out</a> <a href="https://example.org" data-trusted="true">trusted</a></p><script>x()</script>'
    const preview = await previewPostBodies(app.services, await actorFor(app.services, owner), {
      realtorId,
      bodyEn: body,
      bodyKo: '<script>x()</script><style>p{}</style>',
    })
    expect(preview.bodyEn).toBe(
      '<h2>Title</h2><p>Hi <a href="https://example.org" rel="nofollow noopener">out</a> <a href="https://example.org" rel="noopener">trusted</a></p>',
    )
    // Nothing left after cleaning is no body, as a save would store it.
    expect(preview.bodyKo).toBeNull()
    await expect(previewPostBodies(app.services, await actorFor(app.services, stranger), { realtorId, bodyEn: body })).rejects.toMatchObject({ status: 404 })
  })
})
