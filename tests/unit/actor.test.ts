import { describe, expect, it } from 'vitest'
import { canManage } from '~/server/auth/actor'

describe('canManage: the one ownership rule', () => {
  const realtor = { userId: 'owner' }
  it('lets the owning account and a platform admin manage a realtor', () => {
    expect(canManage({ userId: 'owner', email: 'o@example.com', isAdmin: false }, realtor)).toBe(true)
    expect(canManage({ userId: 'someone', email: 'a@example.com', isAdmin: true }, realtor)).toBe(true)
  })
  it('refuses every other account', () => {
    expect(canManage({ userId: 'someone', email: 's@example.com', isAdmin: false }, realtor)).toBe(false)
    expect(canManage({ userId: '', email: 's@example.com', isAdmin: false }, realtor)).toBe(false)
  })
})
