/**
 * Whether the visitor of a public page may edit it, asked by the islands runtime (decision
 * 051) once the page is shown. Not part of the versioned REST API: a private contract between
 * these pages and the server, like the visit beacon. Answered per visitor, never stored.
 */
export const EDIT_ACCESS_PATH = '/cozying-api/edit-access'

/** The `<template>` holding the edit link on an islands page; its value is the realtor's id. */
export const EDIT_LINK_ATTRIBUTE = 'data-edit-link'

export function editAccessUrl(realtorId: string): string {
  return `${EDIT_ACCESS_PATH}?${new URLSearchParams({ realtor: realtorId }).toString()}`
}
