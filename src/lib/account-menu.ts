/**
 * The account menu of a platform page sent as an islands page (the landing, the directory,
 * the terms; decision 051): the islands runtime asks this once the page is shown. Not part of
 * the versioned REST API: a private contract between these pages and the server, like the edit
 * link's (src/lib/edit-access.ts). Answered per viewer, never stored.
 */
export const ACCOUNT_MENU_PATH = '/cozying-api/account-menu'

/** The markers the server renders (account-menu-template.tsx) and the runtime reads. */
export const ACCOUNT_MENU_ATTRIBUTES = {
  signIn: 'data-account-sign-in',
  /** On the `<template>` of the signed-in version; its value is the page's language. */
  signedIn: 'data-account-menu',
  home: 'data-account-home',
  signOut: 'data-account-sign-out',
} as const
