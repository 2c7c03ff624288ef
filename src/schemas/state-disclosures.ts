import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { REGION_STATES, type RegionState } from '~/lib/region-states'

/*
 * What each state's licensing rules require a realtor's published homepage to show (issue 15).
 * The realtor form refuses to publish without the required fields, and the editor lists the
 * rules for the realtor's states. Without zod: the editor's panel and the listing page read it.
 *
 * - California (DRE, Business and Professions Code §10140.6 and Regulation 2773): the agent's
 *   license number, and the responsible broker's identity, on every solicitation.
 * - Georgia (GREC rule 520-1-.09): the brokerage firm's name and telephone number in every
 *   advertisement, at least as prominent as the agent's name; the listing page shows them so.
 */

/** The realtor-form fields a state requires on a published homepage. */
export type DisclosureField = 'licenseNumber' | 'brokerageName' | 'companyPhone'

export type StateDisclosure = {
  state: RegionState
  /** The rule, in a sentence, for the editor. */
  rule: MessageDescriptor
  required: ReadonlyArray<DisclosureField>
  /** GREC: the brokerage's name and phone as prominent as the agent's name on listing pages. */
  brokerageAsProminentAsAgent: boolean
}

export const STATE_DISCLOSURES: Record<RegionState, StateDisclosure> = {
  CA: {
    state: 'CA',
    rule: msg`California (DRE): your license number and your responsible brokerage on every page, in type no smaller than the page's smallest.`,
    required: ['licenseNumber', 'brokerageName'],
    brokerageAsProminentAsAgent: false,
  },
  GA: {
    state: 'GA',
    rule: msg`Georgia (GREC): your brokerage's name and office phone, at least as prominent as your own name on listing pages, and your license number.`,
    required: ['licenseNumber', 'brokerageName', 'companyPhone'],
    brokerageAsProminentAsAgent: true,
  },
}

/** Why a field is required to publish, shown beside it. */
export const DISCLOSURE_FIELD_MESSAGES: Record<DisclosureField, MessageDescriptor> = {
  licenseNumber: msg`California and Georgia require your license number on a published homepage`,
  brokerageName: msg`California and Georgia require your brokerage's name on a published homepage`,
  companyPhone: msg`Georgia requires your brokerage's office phone on a published homepage`,
}

/**
 * The states whose rules apply: those of the realtor's areas. A realtor who has not named an
 * area yet (the onboarding asks for areas after the license) sees every state's rules.
 */
export function disclosureStates(regions: ReadonlyArray<{ state: string }>): ReadonlyArray<StateDisclosure> {
  const named = REGION_STATES.filter((state) => regions.some((region) => region.state === state))
  return (named.length > 0 ? named : REGION_STATES).map((state) => STATE_DISCLOSURES[state])
}

/**
 * The fields a homepage with these areas must fill before it is published, in form order:
 * every named state's; without an area, those every state requires, so that no step of the
 * onboarding asks for what the realtor's state may not need.
 */
export function requiredDisclosureFields(regions: ReadonlyArray<{ state: string }>): ReadonlyArray<DisclosureField> {
  const states = disclosureStates(regions)
  const named = regions.some((region) => REGION_STATES.some((state) => state === region.state))
  const required = (field: DisclosureField) =>
    named ? states.some((state) => state.required.includes(field)) : states.every((state) => state.required.includes(field))
  return (['licenseNumber', 'brokerageName', 'companyPhone'] as const).filter(required)
}

/** Whether a listing page must show the brokerage as prominently as the agent (Georgia). */
export function brokerageAsProminentAsAgent(regions: ReadonlyArray<{ state: string }>): boolean {
  return regions.some((region) => STATE_DISCLOSURES_BY_NAME.get(region.state)?.brokerageAsProminentAsAgent === true)
}

const STATE_DISCLOSURES_BY_NAME: ReadonlyMap<string, StateDisclosure> = new Map(Object.values(STATE_DISCLOSURES).map((state) => [state.state, state]))
