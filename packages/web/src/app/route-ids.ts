/**
 * What a record screen's `:id` segment may be (docs/product/forms-and-lists.md#screens-and-routes):
 * a stored record's number, or `new` for the create form. Anything else names no record, so the
 * screen is 'Page Not Found' rather than a call the server must refuse in its own words.
 */
export function isRecordRouteId(segment: string): boolean {
  return segment === 'new' || /^\d+$/.test(segment);
}
