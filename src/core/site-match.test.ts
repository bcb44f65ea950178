// Site patterns against the spellings a URL can take: every bypass below reaches the
// same site as the blocked one, so it must match; the near misses must not.
import { describe, expect, it } from 'vitest';
import { matchesSite } from './site-match';

describe('matchesSite', () => {
  it.each([
    // [visited URL, pattern]
    ['https://mail.google.com./', 'mail.google.com'],
    ['https://mail.google.com../u/0', 'mail.google.com'],
    ['https://chase.com./', '*.chase.com'],
    ['https://online.chase.com./login', '*.chase.com'],
    ['https://MAIL.GOOGLE.COM/', 'mail.google.com'],
    ['https://mail.google.com/', 'MAIL.Google.com.'],
    ['https://online.chase.com/', '*.Chase.COM.'],
    ['https://user:pass@mail.google.com/', 'mail.google.com'],
    ['https://mail.google.com@mail.google.com:8443/', 'mail.google.com'],
    ['https://mail.google.com:8443/', 'mail.google.com'],
    ['https://%6Dail.google.com/', 'mail.google.com'],
    ['https://mail\uFF0Egoogle\uFF0Ecom/', 'mail.google.com'],
    ['https://xn--bcher-kva.de/', 'bücher.de'],
    ['https://BÜCHER.de/', 'xn--bcher-kva.de'],
    ['https://shop.bücher.de/', '*.xn--bcher-kva.de'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.0.0.1/', '0x7f.1'],
    ['http://[::1]:3000/', '[::1]'],
    ['https://example.com/account/settings', 'https://example.com/account/'],
    ['https://example.com/%61ccount/settings', 'https://example.com/account/'],
    ['https://example.com/%61%63%63%6F%75%6E%74/', 'https://example.com/account/'],
    ['https://example.com/Account/', 'https://example.com/account/'],
    ['https://example.com/x/../account/', 'https://example.com/account/'],
    ['https://example.com/x/%2e%2e/account/', 'https://example.com/account/'],
    ['https://example.com/x%2F..%2Faccount/', 'https://example.com/account/'],
    ['https://example.com//account//', 'https://example.com/account/'],
    ['https://example.com/./account/', 'https://example.com/account/'],
    ['https://example.com\\account\\', 'https://example.com/account/'],
    ['http://example.com/account/', 'https://example.com/account/'],
    ['https://example.com./account/', 'https://EXAMPLE.com/account/'],
    ['https://u:p@example.com:8443/account/', 'https://example.com/account/'],
    ['https://example.com/%61ccount/', 'https://example.com/%61ccount/'],
    ['https://example.com/account/', 'https://example.com/%61ccount/'],
    ['https://example.com/account/x', 'example.com/account/'],
    ['https://online.chase.com/login/x', '*.chase.com/login'],
    ['https://example.com/search?q=secret', 'https://example.com/search?q='],
    ['https://example.com/search?q=%73ecret', 'https://example.com/search?q=secret'],
    ['file:///home/me/private/a.html', 'file:///home/me/private/'],
    ['https://example.com:8443/x', 'https://example.com:8443/'],
  ])('%s matches %s', (url, pattern) => {
    expect(matchesSite(url, pattern)).toBe(true);
  });

  it.each([
    ['https://google.com/', 'mail.google.com'],
    ['https://notchase.com/', '*.chase.com'],
    ['https://chase.com.evil.net/', '*.chase.com'],
    ['https://mail.google.com.evil.net/', 'mail.google.com'],
    ['https://evil.net/mail.google.com', 'mail.google.com'],
    ['https://evil.net/?u=https://mail.google.com/', 'mail.google.com'],
    ['https://mail.google.com:443@evil.net/', 'mail.google.com'],
    ['https://evil.net/https://example.com/account/', 'https://example.com/account/'],
    ['https://example.com/blog', 'https://example.com/account/'],
    ['https://example.com/accoun', 'https://example.com/account/'],
    ['https://example.com/account%2561/', 'https://example.com/accounta/'],
    ['https://example.com/other/x', 'example.com/account/'],
    ['https://example.com/x', 'https://example.com:8443/'],
    ['ftp://example.com/account/', 'https://example.com/account/'],
    ['https://example.com/', ''],
    ['https://example.com/', '*.'],
    ['https://example.com/', 'not a host'],
    ['not a url', 'example.com'],
  ])('%s does not match %s', (url, pattern) => {
    expect(matchesSite(url, pattern)).toBe(false);
  });
});
