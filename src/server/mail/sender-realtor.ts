/*
 * What a realtor's mails (alerts, tour answers, instant replies) say about the realtor they
 * come from: the name in both languages, where the homepage is, how to reach them, and the
 * licence and brokerage lines that state rules and CAN-SPAM (decision 018) require. One list,
 * so a mail cannot forget the brokerage's address while another remembers it.
 */
export const SENDER_REALTOR_COLUMNS = [
  'displayNameKo',
  'displayNameEn',
  'desiredUrl',
  'hompageHost',
  'email',
  'contactPhone',
  'licenseNumber',
  'brokerageName',
  'brokerageLicenseNumber',
  'brokerageAddress',
] as const
