import { describe, expect, it } from 'vitest';
import { builtinTypeByName, type Grant } from '@docket/shared';
import { canCreate, canViewType, isTypeInMenu } from './type-access.ts';

const grant = (level: number, create: boolean): Grant => ({ module: null, roles: [], level, create, delete: false, doc_types: null, scope: 1, region_id: null, site_id: null });
const post = builtinTypeByName('post')!;
const action = builtinTypeByName('action')!;
const notification = builtinTypeByName('notification')!;

describe('type access as the web shows it', () => {
  it('shows Create only to holders of requiredRolesForCreate, with a grant that may create', () => {
    expect(canCreate(post, { roles: ['editor'], acl: [grant(4, true)], isAdministrator: false })).toBe(false);
    expect(canCreate(post, { roles: ['administrator'], acl: [grant(6, true)], isAdministrator: true })).toBe(true);
    expect(canCreate(action, { roles: ['editor'], acl: [grant(4, true)], isAdministrator: false })).toBe(true);
    expect(canCreate(action, { roles: ['reader'], acl: [grant(2, false)], isAdministrator: false })).toBe(false);
  });

  it('lists types with requiredRoles only for holders, and opens them only with all of them', () => {
    const reader = { roles: ['reader'], acl: [grant(2, false)], isAdministrator: false };
    expect(notification.requiredRoles?.length).toBeGreaterThan(0);
    expect(isTypeInMenu(notification, reader)).toBe(false);
    expect(canViewType(notification, reader)).toBe(false);
    expect(isTypeInMenu(action, reader)).toBe(true);
  });
});
