/**
 * What a record screen's `:id` segment may be (docs/product/forms-and-lists.md#screens-and-routes):
 * `new` for the create form, or a stored record's key — a number, or what the record's API says
 * its keys look like (identities: a uuid). Anything else names no record, so the screen is 'Page
 * Not Found' rather than a call the server must refuse in its own words.
 */
export function isRecordRouteId(segment: string, isRecordId: (segment: string) => boolean = isWholeNumber): boolean {
  return segment === 'new' || isRecordId(segment);
}

/** A stored record's number; documents use it alone, 0 standing for their create form. */
export function isWholeNumber(segment: string): boolean {
  return /^\d+$/.test(segment);
}
