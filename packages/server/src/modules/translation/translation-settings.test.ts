import { describe, expect, it } from 'vitest';
import { translationSettingsFrom } from './translation-settings.ts';

// docs/product/administration.md#translation
describe('the translation switch', () => {
  it('is on unless the organisation turned it off', () => {
    expect(translationSettingsFrom({}).isEnabled).toBe(true);
    expect(translationSettingsFrom({ translation: false }).isEnabled).toBe(false);
  });

  it('reads the older general switch when the settings have none, the settings one first', () => {
    expect(translationSettingsFrom({}, { general: { translation: false } }).isEnabled).toBe(false);
    expect(translationSettingsFrom({ translation: true }, { general: { translation: false } }).isEnabled).toBe(true);
    expect(translationSettingsFrom({ translation: 'no' }, { general: {} }).isEnabled).toBe(true);
  });

  it('keeps the address and the stored key, trimmed, and reads blanks as absent', () => {
    expect(translationSettingsFrom({ translation_url: ' https://t.example ', translation_api_key: '' })).toEqual({
      isEnabled: true,
      url: 'https://t.example',
      storedKey: null,
    });
  });
});
