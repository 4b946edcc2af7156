/**
 * Validation messages of the forms, keyed by the Ajv keyword the shared validator reports (the same
 * `keyword` the server answers; docs/product/forms-and-lists.md#validation). `{{limit}}`, `{{count}}`
 * and the other values are Ajv's parameters of the failed rule.
 */
export const validationEn = {
  minLength_one: 'must not be empty',
  minLength_other: 'must be at least {{count}} characters long',
  maxLength_one: 'must be at most 1 character long',
  maxLength_other: 'must be at most {{count}} characters long',
  minItems_one: 'must have at least one item',
  minItems_other: 'must have at least {{count}} items',
  maxItems_one: 'must have at most one item',
  maxItems_other: 'must have at most {{count}} items',
  minimum: 'must be at least {{limit}}',
  maximum: 'must be at most {{limit}}',
  exclusiveMinimum: 'must be greater than {{limit}}',
  exclusiveMaximum: 'must be less than {{limit}}',
  multipleOf: 'must be a multiple of {{multipleOf}}',
  type: 'must be {{type}}',
  types: {
    string: 'text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'yes or no',
    array: 'a list',
    object: 'a group of fields',
    null: 'empty',
  },
  format: 'must be {{format}}',
  formats: {
    date: 'a date',
    'date-time': 'a date and time',
    time: 'a time',
    email: 'an e-mail address',
    uuid: 'an identifier (UUID)',
    uri: 'a web address',
  },
  formatOther: 'must match the format "{{format}}"',
  pattern: 'must match the pattern {{pattern}}',
  enum: 'must be one of the offered options',
  const: 'must be the expected value',
  uniqueItems: 'must not list the same item twice',
  additionalProperties: 'must not have the field "{{additionalProperty}}"',
  oneOf: 'must match exactly one of the choices',
  anyOf: 'must match one of the choices',
} as const;
