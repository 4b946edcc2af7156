/**
 * The keyboard shortcuts' words: the '?' help dialog, its groups and each shortcut's label
 * (docs/product/forms-and-lists.md#keyboard-shortcuts). Only the private area has shortcuts, so
 * they load with its chunk (register.ts), not with the sign-in route.
 */
export const shortcutsEn = {
  title: 'Keyboard shortcuts',
  then: 'then',
  scopeGeneral: 'General',
  scopeNavigation: 'Go to',
  scopeList: 'Lists',
  scopeForm: 'Forms',
  showHelp: 'Show keyboard shortcuts',
  focusSearch: 'Search',
  goDashboard: 'Dashboard',
  goActivity: 'Recent Activity',
  goSearch: 'Search screen',
  create: 'Create a document',
  refresh: 'Refresh the list',
  save: 'Save',
};
