import { describe, expect, it } from 'vitest';
import { checkedSnapshot, DirectorySyncFailed } from './directory-provider.ts';
import { scimGroupOf, scimPageOf, scimUserOf } from './scim-parse.ts';
import { scimPageUrl } from './scim-provider.ts';

describe('SCIM answers', () => {
  it('read a list response, its Resources absent when there are none', () => {
    expect(scimPageOf({ totalResults: 3, Resources: [{ id: 'a' }] }, 'users')).toEqual({ totalResults: 3, resources: [{ id: 'a' }] });
    expect(scimPageOf({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0 }, 'users')).toEqual({
      totalResults: 0,
      resources: [],
    });
  });

  it('refuse what is not a list response, naming it', () => {
    for (const garbage of [
      null,
      'ok',
      [],
      { Resources: [] },
      { totalResults: -1 },
      { totalResults: '2' },
      { totalResults: 1, Resources: {} },
    ]) {
      expect(() => scimPageOf(garbage, 'groups')).toThrow(DirectorySyncFailed);
    }
    expect(() => scimPageOf('<html>', 'groups')).toThrow('The directory answered something that is not a SCIM list of groups.');
  });

  it('read a user: primary address, given and family names, active by default', () => {
    expect(
      scimUserOf({
        id: '2819c223',
        userName: 'bjensen',
        name: { givenName: 'Barbara', familyName: 'Jensen', formatted: 'Ms. Barbara J Jensen III' },
        displayName: 'Babs Jensen',
        emails: [
          { value: 'bjensen@home.example', type: 'home' },
          { value: ' BJensen@Example.com ', type: 'work', primary: true },
        ],
      }),
    ).toEqual({ id: '2819c223', email: 'bjensen@example.com', displayName: 'Barbara Jensen', active: true });
  });

  it('fall back to displayName, the first address, then the userName', () => {
    expect(scimUserOf({ id: 'u1', displayName: 'Ops Robot', emails: [{ value: 'robot@example.com' }], active: false })).toEqual({
      id: 'u1',
      email: 'robot@example.com',
      displayName: 'Ops Robot',
      active: false,
    });
    expect(scimUserOf({ id: 'u2', userName: 'kim@example.com' })).toEqual({
      id: 'u2',
      email: 'kim@example.com',
      displayName: 'kim@example.com',
      active: true,
    });
    // No usable address: kept with a null address (the sync creates nobody from it).
    expect(scimUserOf({ id: 'u3', userName: 'kim', emails: [{ value: 'not an address' }] })).toMatchObject({
      email: null,
      displayName: 'kim',
    });
  });

  it('refuse a user without an id or with an active flag that is not a boolean', () => {
    expect(() => scimUserOf({ userName: 'x@example.com' })).toThrow('The directory answered a user without an id.');
    expect(() => scimUserOf({ id: 'u', active: 'false' })).toThrow(
      "The directory answered the user 'u' with an active flag that is not true or false.",
    );
    expect(() => scimUserOf('u')).toThrow(DirectorySyncFailed);
  });

  it('read a group: its user members, nested groups left out, repeats once', () => {
    expect(
      scimGroupOf({
        id: 'g1',
        displayName: 'Site managers',
        members: [{ value: 'u1', display: 'Kim' }, { value: 'g2', type: 'Group' }, { value: 'u2', type: 'User' }, { value: 'u1' }],
      }),
    ).toEqual({ displayName: 'Site managers', memberIds: ['u1', 'u2'] });
    expect(scimGroupOf({ displayName: 'Empty' })).toEqual({ displayName: 'Empty', memberIds: [] });
  });

  it('refuse a group without a name or with members that are not values', () => {
    expect(() => scimGroupOf({ id: 'g', members: [] })).toThrow('The directory answered a group without a displayName.');
    expect(() => scimGroupOf({ displayName: 'G', members: 'u1' })).toThrow(DirectorySyncFailed);
    expect(() => scimGroupOf({ displayName: 'G', members: [{ display: 'Kim' }] })).toThrow(
      "The directory answered the group 'G' with a member without a value.",
    );
  });

  it('refuse a directory naming one id or one address twice', () => {
    const user = { id: 'u1', email: 'a@example.com', displayName: 'A', active: true };
    expect(() => checkedSnapshot({ users: [user, { ...user, email: 'b@example.com' }], groups: [] })).toThrow(
      "The directory lists the user id 'u1' twice.",
    );
    expect(() => checkedSnapshot({ users: [user, { ...user, id: 'u2' }], groups: [] })).toThrow(
      'The directory lists the address a@example.com for two users.',
    );
    expect(
      checkedSnapshot({ users: [user, { ...user, id: 'u2', email: null }, { ...user, id: 'u3', email: null }], groups: [] }).users,
    ).toHaveLength(3);
  });

  it('page under the base address, keeping its path', () => {
    expect(scimPageUrl('https://idp.example.com/scim/v2/', 'Users', 101, 100).href).toBe(
      'https://idp.example.com/scim/v2/Users?startIndex=101&count=100',
    );
    expect(scimPageUrl('https://idp.example.com', 'Groups', 1, 100).href).toBe('https://idp.example.com/Groups?startIndex=1&count=100');
    expect(() => scimPageUrl('nope', 'Users', 1, 1)).toThrow("The SCIM address 'nope' is not a valid URL.");
  });
});
