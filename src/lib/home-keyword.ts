/**
 * The longest keyword a home search takes (`q`): enough for a street and a few words of the
 * remarks, short enough to keep the scan cheap. The API's schema refuses more and a page's search
 * box stops there; kept apart from the schema so that a page's box does not carry zod with it.
 */
export const MAX_KEYWORD_LENGTH = 100
