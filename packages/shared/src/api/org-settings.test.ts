import { describe, expect, it } from 'vitest';
import { COLOUR_MESSAGE, IMAGE_URI_MESSAGE, TIME_ZONE_MESSAGE, orgSettingsProblems } from './org-settings.ts';

// docs/product/administration.md#settings: each section is checked whole, in the words the form shows.
describe('orgSettingsProblems', () => {
  it('accepts the default theme and a full general section', () => {
    expect(
      orgSettingsProblems('theme', {
        primaryColor: '#263238',
        secondaryColor: '#f52',
        chartPalette: 'tableau-classic',
        density: 'small',
        blur: 8,
      }),
    ).toEqual([]);
    expect(
      orgSettingsProblems('general', {
        translation: true,
        translation_url: 'https://translate.example.com',
        time_zone: 'Australia/Sydney',
        fiscal_year_start_month: 7,
        categories: [{ title: 'Safety', color: '#00ff00' }],
        highlight: 'Category',
      }),
    ).toEqual([]);
  });

  it('names an invalid colour in plain words', () => {
    const problems = orgSettingsProblems('theme', { primaryColor: 'red', drawerColor: '#12345' });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['primaryColor', COLOUR_MESSAGE],
      ['drawerColor', COLOUR_MESSAGE],
    ]);
  });

  it('refuses a colour inside a category, an unknown palette and a script address', () => {
    expect(orgSettingsProblems('general', { categories: [{ title: 'A', color: 'url(x)' }] })[0]).toMatchObject({
      path: 'categories.0.color',
      message: COLOUR_MESSAGE,
    });
    expect(orgSettingsProblems('theme', { chartPalette: 'rainbow' }).some((p) => p.path === 'chartPalette')).toBe(true);
    expect(orgSettingsProblems('theme', { backgroundImageUri: 'javascript:alert(1)' })[0]).toMatchObject({ message: IMAGE_URI_MESSAGE });
    expect(orgSettingsProblems('theme', { backgroundImageUri: '//evil.example/x.png' })[0]).toMatchObject({ message: IMAGE_URI_MESSAGE });
  });

  it('refuses an unknown time zone, month 13, unknown keys and out-of-range storage', () => {
    expect(orgSettingsProblems('general', { time_zone: 'Mars/Olympus' })).toEqual([
      expect.objectContaining({ path: 'time_zone', message: TIME_ZONE_MESSAGE }),
    ]);
    expect(orgSettingsProblems('general', { fiscal_year_start_month: 13 }).length).toBeGreaterThan(0);
    expect(orgSettingsProblems('general', { __proto__x: 1 }).map((p) => p.keyword)).toContain('additionalProperties');
    expect(orgSettingsProblems('storage', { maxImageSize: 1000 }).length).toBeGreaterThan(0);
    expect(orgSettingsProblems('storage', { imageCompression: 0.5 }).length).toBeGreaterThan(0);
    expect(orgSettingsProblems('storage', { maxImageSize: 3840, imageCompression: 0.75, thumbQuality: 256, maxFileMb: 50 })).toEqual([]);
  });

  it('needs a title and a valid address for a shared mailbox', () => {
    const problems = orgSettingsProblems('mail', { shared_mailboxes: [{ title: '', username: 'not-an-address' }] });
    expect(problems.map((p) => p.path).sort()).toEqual(['shared_mailboxes.0.title', 'shared_mailboxes.0.username']);
  });
});
