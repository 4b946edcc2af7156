import { describe, expect, it } from 'vitest';
import { refusalLanguage } from './refusal-language.ts';

describe('refusalLanguage (docs/architecture.md#refusal-languages)', () => {
  it('answers the first language the caller prefers that has a catalogue', () => {
    expect(refusalLanguage('fr')).toBe('fr');
    expect(refusalLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(refusalLanguage('es-ES')).toBe('es');
    expect(refusalLanguage('de-DE,es;q=0.7,fr;q=0.5')).toBe('es');
    expect(refusalLanguage('EN-gb, fr;q=0.9')).toBe('en');
  });

  it('weighs the ranges by quality, earlier ranges winning ties', () => {
    expect(refusalLanguage('en;q=0.5, fr;q=0.8')).toBe('fr');
    expect(refusalLanguage('fr;q=0.5, es;q=0.5')).toBe('fr');
    expect(refusalLanguage('fr;q=0, es;q=0.1')).toBe('es');
  });

  it('falls back to English for nothing, unknown languages, nonsense and overlong headers', () => {
    expect(refusalLanguage(undefined)).toBe('en');
    expect(refusalLanguage('')).toBe('en');
    expect(refusalLanguage('de, it;q=0.8')).toBe('en');
    expect(refusalLanguage(';;;,,q=,fr;q=abc')).toBe('en');
    expect(refusalLanguage('fr;q=2')).toBe('en');
    expect(refusalLanguage(`${'x'.repeat(600)},fr`)).toBe('en');
    expect(refusalLanguage('*')).toBe('en');
  });

  it('reads a header sent more than once', () => {
    expect(refusalLanguage(['de', 'fr;q=0.4'])).toBe('fr');
  });
});
