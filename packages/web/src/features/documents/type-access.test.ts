import { describe, expect, it } from 'vitest';
import { builtinTypeByName, type ClientDocumentType, type DocumentSchema } from '@docket/shared';
import { buildTypeCatalog, servedTypeCatalog } from '../../api/type-catalog.ts';
import { canCreate, canViewType, isTypeInMenu } from './type-access.ts';

const post = builtinTypeByName('post')!;
const action = builtinTypeByName('action')!;
const incident = builtinTypeByName('incident')!;
const notification = builtinTypeByName('notification')!;
const served = (type: DocumentSchema, create: boolean): ClientDocumentType => ({ ...type, access: { create } });

describe('the Create button follows the server’s answer', () => {
  it('shows Create exactly for the types $$types lets the caller create', () => {
    // An editor whose entry has no create flag: the server answers create:false, whatever the level.
    const catalog = servedTypeCatalog([served(incident, false), served(action, true), served(post, false)]);
    expect(canCreate(catalog.byName.get('incident')!, catalog)).toBe(false);
    expect(canCreate(catalog.byName.get('action')!, catalog)).toBe(true);
    expect(canCreate(catalog.byName.get('post')!, catalog)).toBe(false);
    // The access answer is kept beside the type, not in the definition the forms and editors use.
    expect(catalog.byName.get('action')).not.toHaveProperty('access');
  });

  it('never shows Create for a type the server did not answer, or without a catalog', () => {
    const catalog = servedTypeCatalog([served(action, true)]);
    expect(canCreate(incident, catalog)).toBe(false);
    expect(canCreate(action, undefined)).toBe(false);
    // The built-in types that serve when the load failed come with no create access.
    const fallback = buildTypeCatalog([], true);
    expect(canCreate(fallback.byName.get('action')!, fallback)).toBe(false);
  });

  it('keeps the screens’ own rules: no form title, or a view that hides Create', () => {
    const hidden: DocumentSchema = { ...action, view: { ...action.view!, showCreate: false } };
    const untitled: DocumentSchema = { ...action, type: 'untitled', form: { ...action.form!, title: '' } };
    const catalog = servedTypeCatalog([served(hidden, true), served(untitled, true)]);
    expect(canCreate(catalog.byName.get('action')!, catalog)).toBe(false);
    expect(canCreate(catalog.byName.get('untitled')!, catalog)).toBe(false);
  });

  it('gives administrators the creatable types their $$types answered beside the stored schemas', () => {
    const catalog = buildTypeCatalog([], false, new Set(['post', 'action']));
    expect(canCreate(catalog.byName.get('post')!, catalog)).toBe(true);
    expect(canCreate(catalog.byName.get('incident')!, catalog)).toBe(false);
  });
});

describe('type pages and the menu', () => {
  it('lists types with requiredRoles only for holders, and opens them only with all of them', () => {
    const reader = { roles: ['reader'], isAdministrator: false };
    expect(notification.requiredRoles?.length).toBeGreaterThan(0);
    expect(isTypeInMenu(notification, reader)).toBe(false);
    expect(canViewType(notification, reader)).toBe(false);
    expect(isTypeInMenu(action, reader)).toBe(true);
  });
});
