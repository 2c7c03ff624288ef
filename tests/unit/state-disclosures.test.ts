import { describe, expect, it } from 'vitest'
import { realtorInputSchema } from '~/schemas/realtor'
import { brokerageAsProminentAsAgent, disclosureStates, requiredDisclosureFields } from '~/schemas/state-disclosures'

const base = { desiredUrl: 'jane-kim', email: 'jane@example.com', isMakeHomepage: 'Y' }

function refusedFields(input: Record<string, unknown>): Array<string> {
  const result = realtorInputSchema.safeParse({ ...base, ...input })
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))
}

describe('what a state requires on a published homepage (issue 15)', () => {
  it('California: license number and brokerage; Georgia also the office phone', () => {
    expect(requiredDisclosureFields([{ state: 'CA' }])).toEqual(['licenseNumber', 'brokerageName'])
    expect(requiredDisclosureFields([{ state: 'GA' }])).toEqual(['licenseNumber', 'brokerageName', 'companyPhone'])
    expect(requiredDisclosureFields([{ state: 'CA' }, { state: 'GA' }])).toEqual(['licenseNumber', 'brokerageName', 'companyPhone'])
  })

  it('before the realtor names an area: every state’s rules shown, what every state requires asked', () => {
    expect(disclosureStates([]).map((state) => state.state)).toEqual(['CA', 'GA'])
    expect(requiredDisclosureFields([])).toEqual(['licenseNumber', 'brokerageName'])
    expect(brokerageAsProminentAsAgent([])).toBe(false)
  })

  it('Georgia puts the brokerage as prominently as the agent on listing pages, California does not', () => {
    expect(brokerageAsProminentAsAgent([{ state: 'GA' }])).toBe(true)
    expect(brokerageAsProminentAsAgent([{ state: 'CA' }])).toBe(false)
  })

  it('the realtor form refuses to publish without them, and lets an unpublished homepage wait', () => {
    const irvine = { activityRegion: [{ state: 'CA', city: 'Irvine' }] }
    expect(refusedFields(irvine)).toEqual(['licenseNumber', 'brokerageName'])
    expect(refusedFields({ ...irvine, licenseNumber: '  ', brokerageName: 'Coast Realty' })).toEqual(['licenseNumber'])
    expect(refusedFields({ ...irvine, licenseNumber: 'DRE #01234567', brokerageName: 'Coast Realty' })).toEqual([])
    expect(refusedFields({ ...irvine, isMakeHomepage: 'N' })).toEqual([])
    expect(refusedFields({ activityRegion: [{ state: 'GA', city: 'Duluth' }], licenseNumber: '412345', brokerageName: 'Peach Realty' })).toEqual([
      'companyPhone',
    ])
  })
})
