/**
 * When the migrator looks again (migrate.ts): only when another schema vanished under its
 * catalog query — never for a failure that concerns the deployment's own schema or anything else.
 */
import { describe, expect, it } from 'vitest';
import { isAnotherSchemaGone, isCatalogChangedUnderTheLook } from './migrate.ts';

const gone = (schema: string) => Object.assign(new Error(`schema "${schema}" does not exist`), { code: '3F000' });

describe('isAnotherSchemaGone', () => {
  it("looks again when another deployment's schema was dropped during the look", () => {
    expect(isAnotherSchemaGone(gone('t_b5f2119c46b6'), 't_0123456789ab')).toBe(true);
    expect(isAnotherSchemaGone(gone('tenant_b'), undefined)).toBe(true);
  });

  it('fails at once when its own schema is missing, or for any other error', () => {
    expect(isAnotherSchemaGone(gone('t_0123456789ab'), 't_0123456789ab')).toBe(false);
    expect(isAnotherSchemaGone(gone('public'), undefined)).toBe(false);
    expect(isAnotherSchemaGone(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }), 't_a')).toBe(false);
    expect(isAnotherSchemaGone(new Error('schema "t_b" does not exist'), 't_a')).toBe(false);
    expect(isAnotherSchemaGone(undefined, 't_a')).toBe(false);
  });
});

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isCatalogChangedUnderTheLook', () => {
  it("looks again when another schema's table was dropped or its column renamed during the look", () => {
    const dropped = pgError('42P01', 'relation "t_dec1d2a57c9c.list_shape_stats" does not exist');
    expect(isCatalogChangedUnderTheLook(dropped, 't_0123456789ab')).toBe(true);
    const renamed = pgError('42703', 'column "expires_date" of relation "refresh_tokens" does not exist');
    expect(isCatalogChangedUnderTheLook(renamed, 't_0123456789ab')).toBe(true);
    expect(isCatalogChangedUnderTheLook(gone('t_b5f2119c46b6'), 't_0123456789ab')).toBe(true);
  });

  it('fails at once for its own schema, an unqualified table, or anything else', () => {
    expect(isCatalogChangedUnderTheLook(pgError('42P01', 'relation "t_a.users" does not exist'), 't_a')).toBe(false);
    expect(isCatalogChangedUnderTheLook(pgError('42P01', 'relation "public.users" does not exist'), undefined)).toBe(false);
    expect(isCatalogChangedUnderTheLook(pgError('42P01', 'relation "x" does not exist'), 't_a')).toBe(false);
    expect(isCatalogChangedUnderTheLook(pgError('42703', 'column "x" does not exist'), 't_a')).toBe(false);
    expect(isCatalogChangedUnderTheLook(pgError('42601', 'syntax error at or near "x"'), 't_a')).toBe(false);
    expect(isCatalogChangedUnderTheLook(gone('t_a'), 't_a')).toBe(false);
    expect(isCatalogChangedUnderTheLook(undefined, 't_a')).toBe(false);
  });
});
