// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { routeHashLinks } from './hash-links.ts';

describe('routeHashLinks', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    document.body.innerHTML = '';
  });

  function setUp(html: string) {
    document.body.innerHTML = html;
    const navigated: string[] = [];
    stop = routeHashLinks({ navigate: (to) => navigated.push(to) });
    return navigated;
  }

  const click = (selector: string, init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    document.querySelector(selector)!.dispatchEvent(event);
    return event;
  };

  it('sends a plain click on an in-app link, or inside one, through the router', () => {
    const navigated = setUp('<a id="row" href="#/docs/incident/12"><span id="inner">INC-12</span></a>');
    expect(click('#inner').defaultPrevented).toBe(true);
    expect(navigated).toEqual(['/docs/incident/12']);
  });

  it('leaves new tabs, downloads, other frames and other addresses to the browser', () => {
    const navigated = setUp(
      '<a id="a" href="#/docs/incident/1">a</a><a id="b" href="#/x" target="_blank">b</a>' +
        '<a id="c" href="#/x" download>c</a><a id="d" href="https://example.com/">d</a><a id="e" href="#top">e</a>',
    );
    expect(click('#a', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click('#a', { button: 1 }).defaultPrevented).toBe(false);
    for (const id of ['#b', '#c', '#d', '#e']) expect(click(id).defaultPrevented).toBe(false);
    expect(navigated).toEqual([]);
  });

  it('routes a link whose own handler stops the click, and leaves a link to the page shown', () => {
    const navigated = setUp('<a id="id" href="#/docs/incident/7">INC-7</a><a id="here" href="#/docs/incident">here</a>');
    document.querySelector('#id')!.addEventListener('click', (event) => event.stopPropagation());
    window.location.hash = '#/docs/incident';
    expect(click('#id').defaultPrevented).toBe(true);
    expect(click('#here').defaultPrevented).toBe(false);
    expect(navigated).toEqual(['/docs/incident/7']);
  });
});
