import { createServerFn } from '@tanstack/react-start'
import { postCreateSchema, postListQuerySchema, postPreviewSchema, postUpdateRequestSchema } from '~/schemas/posts'
import { errors } from '~/server/app-error'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { createPost, deletePost, listPosts, previewPostBodies, updatePost } from '~/server/posts/posts'
import { getServices } from '~/server/process-services'
import type { AppServices } from '~/server/services'
import { recordIdRequestSchema } from '~/schemas/record-id'

/*
 * The workspace's posts (issue 28 items 1 and 2): the same use cases, schemas and sanitiser as
 * `GET`/`POST /posts` and `PATCH`/`DELETE /posts/{id}`, so one gate checks every path in.
 */

async function signedIn(services: AppServices) {
  const actor = await currentActor(services)
  if (!actor) throw errors.unauthorized()
  return actor
}

export const listMyPosts = createServerFn({ method: 'GET' })
  .validator(parseWith(postListQuerySchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return listPosts(services, await signedIn(services), data)
  })

export const createMyPost = createServerFn({ method: 'POST' })
  .validator(parseWith(postCreateSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return createPost(services, await signedIn(services), data)
  })

export const updateMyPost = createServerFn({ method: 'POST' })
  .validator(parseWith(postUpdateRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return updatePost(services, await signedIn(services), data.id, data.post)
  })

export const deleteMyPost = createServerFn({ method: 'POST' })
  .validator(parseWith(recordIdRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return deletePost(services, await signedIn(services), data.id)
  })

export const previewMyPost = createServerFn({ method: 'POST' })
  .validator(parseWith(postPreviewSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return previewPostBodies(services, await signedIn(services), data)
  })
