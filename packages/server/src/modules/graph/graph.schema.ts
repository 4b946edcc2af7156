/** JSON Schemas of the chart call's parameters (unknown query keys are refused, docs/product/security.md#lesson-3). */
export const graphParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, type: { type: 'string', maxLength: 64 } },
  required: ['appId', 'type'],
} as const;

export const graphQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    s: { type: 'string', maxLength: 8, description: 'Cache buster; ignored.' },
    // No maxLength: the filter parser refuses an oversized filter naming its bound (docs/filter-language.md, "Limits").
    qry: { type: 'string', description: 'Filter-language expression, e.g. recordable = true AND site_id = 3.' },
    filter: { type: 'string', description: 'Other name of qry (not both).' },
    group_by: {
      type: 'string',
      maxLength: 200,
      description:
        "Up to two comma-separated terms: a field (as the list's group_by) and/or 'month' (the type's date field, by the organisation's months) or 'month(<date field>)'.",
    },
    from: { type: 'string', maxLength: 10, description: 'First month counted, YYYY-MM (default: 11 months before to).' },
    to: { type: 'string', maxLength: 10, description: "Last month counted, YYYY-MM (default: the organisation's current month)." },
  },
} as const;
