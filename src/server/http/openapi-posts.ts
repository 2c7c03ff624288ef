import { z } from 'zod'
import { bearer, errorResponses, jsonContent } from './openapi-parts'
import { postCreateSchema, postListQuerySchema, postListSchema, postPatchSchema, postSchema } from '~/schemas/posts'

/*
 * The posts' paths of the OpenAPI document (issue 28 item 5). Its helpers come from
 * openapi-parts.ts.
 */

const TAG = 'Posts'
export const POSTS_TAG = { name: TAG, description: "A realtor's articles and neighborhood guides, in Korean and/or English" }

export function postPaths() {
  const post = postSchema.meta({ id: 'Post' })
  // Public, and more for the owner: an anonymous call and a bearer token are both accepted.
  const optionalBearer = [{}, ...bearer]
  const bodyRules =
    'Only `slug`, `kind` and one language\'s `title…` and `body…` are required; a language\'s title and body come together. Bodies are HTML, sanitised on the way in to an allow-list (headings, paragraphs, emphasis, lists, quotes, links, images, rules, code); a link to another site gets `rel="nofollow noopener"` unless it carries `data-trusted`. A `guide` names `city` and `state`; a `scheduled` post names `publishAt` and is public from then; a `published` post without `publishAt` is public from now.'
  return {
    '/posts': {
      get: {
        operationId: 'listPosts',
        tags: [TAG],
        security: optionalBearer,
        summary: "A realtor's posts, newest first: the public ones, and for the owner (or a platform admin) drafts and scheduled ones too",
        requestParams: { query: postListQuerySchema },
        responses: { '200': { description: 'The posts', ...jsonContent(postListSchema.meta({ id: 'PostList' })) }, ...errorResponses(400, 404) },
      },
      post: {
        operationId: 'createPost',
        tags: [TAG],
        security: bearer,
        summary: "Write a post on the caller's own realtor (or the one `realtorId` names, which the caller must own)",
        description: bodyRules,
        requestBody: jsonContent(postCreateSchema),
        responses: { '201': { description: 'The stored post, as GET answers it', ...jsonContent(post) }, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    '/posts/{id}': {
      get: {
        operationId: 'getPost',
        tags: [TAG],
        security: optionalBearer,
        summary: 'One post: public, or the caller’s own (a draft or scheduled post of another realtor is 404)',
        requestParams: { path: z.object({ id: z.string() }) },
        responses: { '200': { description: 'The post', ...jsonContent(post) }, ...errorResponses(404) },
      },
      patch: {
        operationId: 'updatePost',
        tags: [TAG],
        security: bearer,
        summary: 'Change any of a post’s fields; the post as it would be after is checked whole',
        description: bodyRules,
        requestParams: { path: z.object({ id: z.string() }) },
        requestBody: jsonContent(postPatchSchema),
        responses: { '200': { description: 'The stored post', ...jsonContent(post) }, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
      delete: {
        operationId: 'deletePost',
        tags: [TAG],
        security: bearer,
        summary: 'Delete one of the caller’s posts',
        requestParams: { path: z.object({ id: z.string() }) },
        responses: {
          '200': { description: 'Deleted', ...jsonContent(z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'DeletedPost' })) },
          ...errorResponses(401, 404),
        },
      },
    },
  }
}
