/**
 * Links the operator configures (support, downloads; OPC-8): a link is shown only when it is a real address. The
 * names RFC 2606 and RFC 6761 reserve for examples and tests (`.example`, `.invalid`, `.test`, `.localhost`,
 * `example.com/net/org`) are placeholders, never shown as if real. The app runs this on every entry, so a
 * database that still holds the old seed's placeholders hides them too.
 */
const RESERVED_TLDS = ['example', 'invalid', 'test', 'localhost'];
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** True for an http(s), mailto: or tel: address, or a path of this site, that is not a placeholder. */
export function isRealLink(url: string): boolean {
  const u = url.trim();
  if (u.startsWith('/')) return !u.startsWith('//');
  if (/^(mailto|tel):\S+$/i.test(u)) return !isPlaceholderHost(u.replace(/^[^@]*@/, '').replace(/^\w+:/, ''));
  const m = /^https?:\/\/(?:[^/?#@\s]*@)?([^/?#:\s]+)(?::\d+)?([/?#]\S*)?$/i.exec(u);
  if (!m) return false;
  const path = (m[2] ?? '').split(/[?#]/)[0];
  if (/(^|[/_-])example([/_.-]|$)/i.test(path)) return false;
  return !isPlaceholderHost(m[1]);
}

function isPlaceholderHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const tld = h.split('.').pop() ?? '';
  return RESERVED_TLDS.includes(tld) || RESERVED_DOMAINS.some((d) => h === d || h.endsWith(`.${d}`));
}
