// Clobbered DOM: jsdom does not make named form controls into form properties, so each test
// does what Chromium does for <input name="…"> in a form: an own property on the form that
// shadows the prototype's member.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { declobber } from './declobber';
import { blockText } from './block-text';
import { attrOf, readyStateOf, tagOf, titleOf } from './safe-dom';
import { scanDocument } from './scan';
import { walkElements } from './walk';

function page(body: string): Document {
  return new JSDOM(`<!doctype html><html><head><title>Globex news</title></head><body>${body}</body></html>`).window.document;
}

function clobber(target: object, names: readonly string[], value: unknown): void {
  for (const name of names) Object.defineProperty(target, name, { value, configurable: true });
}

describe('reading a clobbered DOM', () => {
  it('a form whose control is named parentElement does not send the walk round in a circle', () => {
    const doc = page('<main><form id="f"><input name="parentElement"></form></main><p id="after">Tail.</p>');
    const form = doc.getElementById('f');
    const input = doc.querySelector('input');
    if (form === null || input === null) throw new Error('fixture');
    clobber(form, ['parentElement', 'nextElementSibling', 'firstElementChild'], input);
    const seen: string[] = [];
    const count = walkElements(doc.documentElement, (el) => void seen.push(el.tagName.toLowerCase()), 1_000);
    expect(seen).toEqual(['head', 'title', 'body', 'main', 'form', 'input', 'p']);
    expect(count).toBe(7);
  });

  it('tag names and attributes come from the prototype when the form shadows them', () => {
    const doc = page(
      '<form id="f" role="search" hidden><input name="tagName"><p>Hidden form text.</p></form><p>Initech hired Ann Lee.</p>',
    );
    const form = doc.getElementById('f');
    const input = doc.querySelector('input');
    if (form === null || input === null) throw new Error('fixture');
    clobber(form, ['tagName', 'hasAttribute', 'getAttribute', 'lastChild', 'nodeType', 'attributes', 'children'], input);
    expect(tagOf(form)).toBe('form');
    expect(attrOf(form, 'role')).toBe('search');
    const text = blockText(doc.body, { maxChars: 1000 }).text;
    expect(text).toContain('Initech hired Ann Lee.');
    expect(text).not.toContain('Hidden form text.');
  });

  it('the scan finds the real root, headings and canonical link when the document is shadowed', () => {
    const doc = page('<link rel="canonical" href="https://example.test/a"><h1>Globex opens</h1><img name="documentElement">');
    const img = doc.querySelector('img');
    if (img === null) throw new Error('fixture');
    clobber(doc, ['documentElement', 'title', 'readyState', 'body'], img);
    const scan = scanDocument(doc);
    expect(scan.headings).toHaveLength(1);
    expect(scan.canonical === undefined ? null : attrOf(scan.canonical, 'href')).toBe('https://example.test/a');
    expect(titleOf(doc)).toBe('Globex news');
    expect(['loading', 'interactive', 'complete']).toContain(readyStateOf(doc));
  });

  it('a plain object without DOM prototypes is read by its own properties (test doubles)', () => {
    expect(readyStateOf({ readyState: 'interactive' })).toBe('interactive');
  });

  it('declobber takes shadowing names and ids off form controls and images only', () => {
    const doc = page(
      '<form><input name="parentNode"><input name="email"><input id="querySelectorAll"><button name="children"></button></form>' +
        '<img name="documentElement"><img name="logo"><div id="title">Kept on a div</div>',
    );
    expect(declobber(doc.documentElement)).toBe(4);
    const names = [...doc.querySelectorAll('[name], [id]')].map((el) => el.getAttribute('name') ?? `#${el.getAttribute('id') ?? ''}`);
    expect(names).toEqual(['email', 'logo', '#title']);
  });
});
