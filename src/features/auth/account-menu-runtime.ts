import { ACCOUNT_MENU_ATTRIBUTES, ACCOUNT_MENU_PATH } from '~/lib/account-menu'
import { localizedPath, type Lang } from '~/lib/lang'
import { whenIdle } from '~/lib/when-idle'
import type { AccountMenu } from '~/schemas/session'
import { browserStorage, clearSignIn } from './browser-storage'

/*
 * The islands runtime's half of the header's account menu (decision 051; the server's half is
 * account-menu-template.tsx): plain code, as the edit link's, since two links and a button do not
 * need React. A signed-in viewer gets "My homepage" and "Sign out" in place of "Sign in"; signing
 * out ends the session as the app's header does (better-auth's sign-out, the stored keys cleared)
 * and puts "Sign in" back with the focus on it.
 */

/** The answer's two facts, read by hand: this runs in the runtime's first 3 KB, before any library. */
export function accountMenuFromJson(json: unknown): AccountMenu | undefined {
  if (typeof json !== 'object' || json === null || !('signedIn' in json) || typeof json.signedIn !== 'boolean') return undefined
  const desiredUrl = 'desiredUrl' in json && typeof json.desiredUrl === 'string' ? json.desiredUrl : null
  return { signedIn: json.signedIn, desiredUrl }
}

async function askAccountMenu(): Promise<AccountMenu | undefined> {
  try {
    const response = await fetch(ACCOUNT_MENU_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } })
    return response.ok ? accountMenuFromJson(await response.json()) : undefined
  } catch {
    // Offline: "Sign in" stays, which still leads to the account.
    return undefined
  }
}

/** Shows the signed-in version for `account`, and "Sign in" again after a sign-out. */
function showSignedIn(signIn: HTMLElement, template: HTMLTemplateElement, lang: Lang, account: AccountMenu): void {
  const signedIn = template.content.cloneNode(true)
  if (!(signedIn instanceof DocumentFragment)) return
  const home = signedIn.querySelector(`[${ACCOUNT_MENU_ATTRIBUTES.home}]`)
  const signOut = signedIn.querySelector(`[${ACCOUNT_MENU_ATTRIBUTES.signOut}]`)
  if (!(home instanceof HTMLAnchorElement) || !(signOut instanceof HTMLButtonElement)) return
  if (account.desiredUrl) home.href = localizedPath(lang, `/${account.desiredUrl}/admin`)
  signOut.addEventListener('click', () => {
    signOut.disabled = true
    signOut.setAttribute('aria-busy', 'true')
    void fetch('/api/auth/sign-out', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'accept-language': lang },
      body: '{}',
    })
      .catch(() => undefined)
      .then(async () => {
        const store = browserStorage()
        if (store) clearSignIn(store)
        // The server's answer, not a guess: a sign-out that failed still shows the account.
        const now = await askAccountMenu()
        if (now?.signedIn) {
          signOut.disabled = false
          signOut.removeAttribute('aria-busy')
          return
        }
        home.remove()
        signOut.replaceWith(signIn)
        signIn.focus()
      })
  })
  signIn.replaceWith(home, signOut)
}

/** Swaps in the signed-in menu where the page has one and the viewer is signed in. */
export function startAccountMenu(): void {
  const template = document.querySelector<HTMLTemplateElement>(`template[${ACCOUNT_MENU_ATTRIBUTES.signedIn}]`)
  const signIn = document.querySelector<HTMLElement>(`[${ACCOUNT_MENU_ATTRIBUTES.signIn}]`)
  const lang = template?.getAttribute(ACCOUNT_MENU_ATTRIBUTES.signedIn)
  if (!template || !signIn || (lang !== 'ko' && lang !== 'en')) return
  whenIdle(() => {
    void askAccountMenu().then((account) => {
      if (account?.signedIn) showSignedIn(signIn, template, lang, account)
    })
  })
}
