import { describe, expect, it } from 'vitest';
import { localDirectories, localFileOf, localFileUrl, resolveTargets } from './targets';

describe('headless targets', () => {
  it('gives a local file the same address on every run, and reports what is neither a URL nor a file', () => {
    const [missing, url, file] = resolveTargets(['notes/page.html', 'https://example.com/a', 'package.json']);
    expect(missing?.error).toMatch(/"notes\/page\.html" is neither an http\(s\) URL nor a file/);
    expect(missing?.url).toBeUndefined();
    expect(url).toEqual({ input: 'https://example.com/a', url: 'https://example.com/a' });
    expect(file?.url).toMatch(/^http:\/\/files\.localhost\/.*\/package\.json$/);
    expect(resolveTargets(['package.json'])[0]?.url).toBe(file?.url);
  });

  it('answers only files in the folders of the files named, whatever the address says', () => {
    const dirs = localDirectories(resolveTargets(['e2e/site/stripe.html']));
    const stripe = localFileUrl('e2e/site/stripe.html');
    expect(localFileOf(stripe, dirs)).toMatch(/e2e\/site\/stripe\.html$/);
    expect(localFileOf(stripe.replace('stripe.html', 'rust.html'), dirs)).toMatch(/rust\.html$/);
    expect(localFileOf(stripe.replace('stripe.html', '..%2F..%2Fpackage.json'), dirs)).toBeUndefined();
    expect(localFileOf(stripe.replace('stripe.html', '%2e%2e/%2e%2e/package.json'), dirs)).toBeUndefined();
    expect(localFileOf('http://files.localhost/etc/passwd', dirs)).toBeUndefined();
    expect(localFileOf('http://example.com/e2e/site/stripe.html', dirs)).toBeUndefined();
  });
});
