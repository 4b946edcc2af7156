import { describe, expect, it } from 'vitest';
import { translatedTextOf, translateEndpoint, TranslationFailed } from './translation-providers.ts';
import { translationSettingsFrom } from './translation-settings.ts';

describe('the LibreTranslate provider', () => {
  it('calls /translate under the configured address, once', () => {
    expect(translateEndpoint('https://lt.example.com').href).toBe('https://lt.example.com/translate');
    expect(translateEndpoint('https://lt.example.com/api/').href).toBe('https://lt.example.com/api/translate');
    expect(translateEndpoint('https://lt.example.com/translate').href).toBe('https://lt.example.com/translate');
    expect(() => translateEndpoint('not a url')).toThrow("The translation service address 'not a url' is not a valid URL.");
  });

  it('takes translatedText from the answer and refuses anything else', () => {
    expect(translatedTextOf({ translatedText: 'Bonjour' })).toBe('Bonjour');
    for (const garbage of [null, 'Bonjour', [], { translatedText: 4 }, { error: 'Too many requests' }]) {
      expect(() => translatedTextOf(garbage)).toThrow(TranslationFailed);
    }
  });
});

describe('translation settings', () => {
  it('are on unless set to false, with the address and key trimmed', () => {
    expect(translationSettingsFrom({})).toEqual({ isEnabled: true, url: null, storedKey: null });
    expect(translationSettingsFrom(null)).toEqual({ isEnabled: true, url: null, storedKey: null });
    expect(translationSettingsFrom({ translation: false, translation_url: ' https://lt.example.com ', translation_api_key: '' })).toEqual({
      isEnabled: false,
      url: 'https://lt.example.com',
      storedKey: null,
    });
    expect(translationSettingsFrom({ translation: 'no', translation_url: 7, translation_api_key: 'k' })).toEqual({
      isEnabled: true,
      url: null,
      storedKey: 'k',
    });
  });
});
