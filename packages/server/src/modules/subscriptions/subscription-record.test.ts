import { describe, expect, it } from 'vitest';
import { acceptsSignUpFrom, domainOf, isDomainName, subscriptionOf, type SubscriptionRecord } from './subscription-record.ts';

const record = (overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  id: 1,
  app_id: 'demo',
  company: 'Demo Co',
  primary_domain: 'demo.local',
  customer_schema: null,
  email_signup: true,
  active: true,
  authorized_domains: ['Example.com'],
  license: null,
  created_date: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('subscription records', () => {
  it('reads the row: flags as booleans, domains as a list of strings', () => {
    const read = subscriptionOf({
      id: 3,
      app_id: 'acme',
      company: 'Acme',
      primary_domain: null,
      customer_schema: 'acme',
      email_signup: 1,
      active: 0,
      authorized_domains: '["acme.com", 4]',
      license: '{"plan":"standard","seats":20}',
      created_date: 'x',
    });
    expect(read).toMatchObject({
      email_signup: true,
      active: false,
      authorized_domains: ['acme.com'],
      license: { plan: 'standard', seats: 20 },
    });
  });

  it('takes the domain of an address, lower case', () => {
    expect(domainOf('Ann@Example.COM')).toBe('example.com');
    expect(domainOf('no-at-sign')).toBeUndefined();
    expect(domainOf('trailing@')).toBeUndefined();
  });

  it('accepts sign-up only from an authorised domain of an active subscription that allows it', () => {
    expect(acceptsSignUpFrom(record(), 'ann@example.com')).toBe(true);
    expect(acceptsSignUpFrom(record(), 'ann@sub.example.com')).toBe(false);
    expect(acceptsSignUpFrom(record(), 'ann@example.org')).toBe(false);
    expect(acceptsSignUpFrom(record({ email_signup: false }), 'ann@example.com')).toBe(false);
    expect(acceptsSignUpFrom(record({ active: false }), 'ann@example.com')).toBe(false);
  });

  it('checks domain names', () => {
    expect(isDomainName('example.com')).toBe(true);
    expect(isDomainName('a-b.example.co.uk')).toBe(true);
    expect(isDomainName('localhost')).toBe(false);
    expect(isDomainName('-bad.com')).toBe(false);
    expect(isDomainName('exa mple.com')).toBe(false);
  });
});
