import { describe, expect, it } from 'vitest';
import { asDatabaseError, DatabaseUnavailableError, isConnectionLoss } from './connection-loss.ts';

describe('isConnectionLoss', () => {
  it.each([
    ['an operator ended the backend', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['the server is starting up', { code: '57P03', message: 'the database system is starting up' }],
    ['a connection exception', { code: '08006', message: 'connection failure' }],
    ['the server refused the socket', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['the socket was reset', { code: 'ECONNRESET', message: 'read ECONNRESET' }],
    ['node-postgres lost the connection under a query', new Error('Connection terminated unexpectedly')],
    ['node-postgres refuses a broken client', new Error('Client has encountered a connection error and is not queryable')],
  ])('is true when %s', (_, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505', message: 'duplicate key value violates unique constraint' }],
    ['a statement cut at its budget', { code: '57014', message: 'canceling statement due to statement timeout' }],
    ['a syntax error', { code: '42601', message: 'syntax error at or near' }],
    ['an SQLite error', { code: 'ERR_SQLITE_ERROR', message: 'no such table: x' }],
    ['a plain error', new Error('boom')],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });
});

describe('asDatabaseError', () => {
  it('wraps a lost connection, keeping what was lost', () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const thrown = asDatabaseError(lost);
    expect(thrown).toBeInstanceOf(DatabaseUnavailableError);
    expect((thrown as DatabaseUnavailableError).lost).toBe(lost);
  });

  it('leaves every other error as it was', () => {
    const unique = Object.assign(new Error('duplicate key value'), { code: '23505' });
    expect(asDatabaseError(unique)).toBe(unique);
  });
});
