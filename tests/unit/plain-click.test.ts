import { describe, expect, it } from 'vitest'
import { isPlainClick } from '../../src/lib/plain-click'

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false }

describe('isPlainClick', () => {
  it('takes a main-button click without modifiers', () => {
    expect(isPlainClick(click)).toBe(true)
  })

  it('leaves a new tab, a new window, a download and another button to the browser', () => {
    for (const asked of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { button: 2 }]) {
      expect(isPlainClick({ ...click, ...asked }), JSON.stringify(asked)).toBe(false)
    }
  })
})
