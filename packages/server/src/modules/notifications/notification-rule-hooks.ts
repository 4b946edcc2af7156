/**
 * Writes of notification rules (docs/product/mail.md#notifications): a rule that is not
 * `external` sends to the organisation's members only, so an e-mail address among its recipients
 * would never get the mail — silently (recipientsOf drops it). Such a rule is refused instead,
 * naming the address; an external rule may name addresses.
 */
import type { ValidationProblem } from '@docket/shared';
import type { TypeWriteHooks } from '../documents/type-hooks.ts';

export const ADDRESS_NEEDS_EXTERNAL = (address: string) =>
  `${address} is an e-mail address: a rule sends to addresses outside the organisation only when it is external`;

const RECIPIENT_LISTS = ['to', 'cc', 'bcc'] as const;

/** The recipients of a rule that are e-mail addresses, with where each is. */
export function addressProblems(values: Record<string, unknown>): ValidationProblem[] {
  if (values.external === true) return [];
  const config = values.recipient_config as { steps?: unknown } | undefined;
  const steps = Array.isArray(config?.steps) ? (config.steps as Record<string, unknown>[]) : [];
  const problems: ValidationProblem[] = [];
  steps.forEach((step, index) => {
    for (const list of RECIPIENT_LISTS) {
      const entries = Array.isArray(step?.[list]) ? (step[list] as unknown[]) : [];
      entries.forEach((entry, position) => {
        if (typeof entry === 'string' && entry.includes('@')) {
          problems.push({
            path: `recipient_config.steps.${index}.${list}.${position}`,
            message: ADDRESS_NEEDS_EXTERNAL(entry),
            keyword: 'external',
          });
        }
      });
    }
  });
  return problems;
}

export const notificationRuleWriteHooks: TypeWriteHooks = {
  validate: async (_hook, values) => addressProblems(values),
};
