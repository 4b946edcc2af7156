import { describe, expect, it } from 'vitest';
import { ChangeNews } from './change-news.ts';

type Data = Record<string, unknown>;

describe('which change reports are news to the form’s caller (change-news.ts)', () => {
  it('does not pass the caller its own data back', () => {
    const news = new ChangeNews<Data>();
    const loaded: Data = { title: 'Loaded' };
    news.given(loaded);
    expect(news.isNews(loaded)).toBe(false);
    const reloaded: Data = { title: 'Reloaded after an edit conflict' };
    news.given(reloaded);
    expect(news.isNews(reloaded)).toBe(false);
  });

  it('passes each edit on once', () => {
    const news = new ChangeNews<Data>();
    news.given({});
    const title: Data = { title: 'Incident closed' };
    const message: Data = { title: 'Incident closed', message: '{{summary}} is closed.' };
    expect(news.isNews(title)).toBe(true);
    expect(news.isNews(title)).toBe(false);
    expect(news.isNews(message)).toBe(true);
    // The caller draws the first report late: reporting it again is no news.
    news.given(title);
    expect(news.isNews(message)).toBe(false);
    expect(news.isNews(title)).toBe(false);
  });
});
