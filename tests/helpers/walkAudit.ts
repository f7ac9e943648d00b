/**
 * The layout audit of the route walk (tests/app-walk.test.ts, WALK-4 to WALK-6), run inside the page with
 * `page.evaluate(auditLayout)`. Self-contained: no imports, no helpers outside the function body (Playwright
 * sends its source text to the page).
 *
 * Definitions (docs/spec/routes.md):
 * - overflow (WALK-4): the document is wider than the viewport (`scrollWidth > clientWidth`); the elements
 *   that stick out past the right (or, right-to-left, the left) edge are named.
 * - cut text (WALK-5): a visible text node whose laid-out box reaches more than 1 px beyond an ancestor that
 *   clips (overflow hidden or clip) on that axis, below the nearest scroll container. Allowed when it is
 *   intended and recoverable: the clipping element truncates with `text-overflow: ellipsis` and the full text
 *   is in a `title` or `aria-label` of the text's element or an ancestor. Text cut by the edge of a horizontal
 *   scroller counts too when the scroller hides its scrollbar (`scrollbar-width: none`) and does not fade its
 *   edge (no `mask-image`): nothing tells the user more is there.
 * - overlap (WALK-6): two visible units whose boxes intersect by more than 2 px on both axes. Units are the
 *   interactive elements (links, buttons, form fields, ARIA widgets) and the text nodes outside them (their
 *   line boxes, not their block). Not compared: a unit with its own ancestor or descendant; units in
 *   different layers (a layer is the nearest `position: fixed` ancestor, e.g. the tab bar, a toast, a sheet:
 *   they float over the page by design); parts of boxes clipped away by an ancestor (outside a scroller's
 *   viewport, for instance).
 * Everything outside the visible tree (display none, visibility hidden, opacity 0, 1 px or zero-clipped
 * visually-hidden labels and tables, aria-hidden decorations) is skipped.
 */
export interface LayoutFinding {
  kind: 'overflow' | 'cut' | 'overlap';
  detail: string;
}

export function auditLayout(): LayoutFinding[] {
  const out: LayoutFinding[] = [];
  const de = document.documentElement;
  const vw = de.clientWidth;
  const rtl = getComputedStyle(de).direction === 'rtl';

  const describe = (el: Element): string => {
    const tag = el.tagName.toLowerCase();
    const cls =
      typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/)[0] : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${tag}${cls}${text ? ` "${text}"` : ''}`;
  };
  const hiddenCache = new Map<Element, boolean>();
  /** Out of the visible tree: not rendered, invisible, transparent, a 1 px label, or a decoration. */
  const hidden = (el: Element | null): boolean => {
    if (!el || el === document.body) return false;
    const cached = hiddenCache.get(el);
    if (cached !== undefined) return cached;
    let result: boolean;
    if (el.getAttribute('aria-hidden') === 'true') result = true;
    else if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) result = true;
    else {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      const tiny = (r.width <= 1 || r.height <= 1) && (cs.overflow !== 'visible' || cs.position === 'absolute');
      // A visually hidden table keeps its content's size (a table's width and height are minimums): the zero
      // clip is what hides it, as `clip: rect(0 0 0 0)` or as the `.visually-hidden` utility's `clip-path: inset(50%)`.
      const clippedAway =
        cs.position === 'absolute' &&
        (cs.clip.replace(/px|,|\s/g, '') === 'rect(0000)' || /^inset\(50%\)$/.test(cs.clipPath.trim()));
      result = tiny || clippedAway || hidden(el.parentElement);
    }
    hiddenCache.set(el, result);
    return result;
  };
  type Box = { l: number; t: number; r: number; b: number };
  const clips = (v: string) => v === 'hidden' || v === 'clip';
  const scrolls = (v: string) => v === 'auto' || v === 'scroll';
  /** Cuts `box` by the ancestors that clip it (overflow other than visible), in page coordinates. */
  const visiblePart = (el: Element, box: Box): Box | null => {
    let b = { ...box };
    for (let a = el.parentElement; a && a !== document.body && a !== de; a = a.parentElement) {
      const cs = getComputedStyle(a);
      const cx = cs.overflowX !== 'visible';
      const cy = cs.overflowY !== 'visible';
      if (!cx && !cy) continue;
      const r = a.getBoundingClientRect();
      if (cx) b = { ...b, l: Math.max(b.l, r.left + scrollX), r: Math.min(b.r, r.right + scrollX) };
      if (cy) b = { ...b, t: Math.max(b.t, r.top + scrollY), b: Math.min(b.b, r.bottom + scrollY) };
      if (b.r - b.l <= 0 || b.b - b.t <= 0) return null;
    }
    return b;
  };
  const layerOf = (el: Element): Element | null => {
    for (let a: Element | null = el; a; a = a.parentElement) if (getComputedStyle(a).position === 'fixed') return a;
    return null;
  };
  const toBox = (r: DOMRect): Box => ({
    l: r.left + scrollX,
    t: r.top + scrollY,
    r: r.right + scrollX,
    b: r.bottom + scrollY,
  });

  // WALK-4: horizontal overflow of the document.
  if (de.scrollWidth > vw + 1) {
    const sticking = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => {
        if (hidden(el)) return false;
        const r = el.getBoundingClientRect();
        return rtl ? r.left < -1 : r.right > vw + 1;
      })
      .filter((el, _i, arr) => !arr.some((o) => o !== el && o.contains(el)))
      .slice(0, 3)
      .map(describe);
    out.push({ kind: 'overflow', detail: `document ${de.scrollWidth}px wide in ${vw}px: ${sticking.join(', ')}` });
  }

  // The text nodes in the visible tree.
  const texts: Text[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!p || !n.textContent?.trim()) continue;
    if (p.closest('script, style, noscript, template, option, svg')) continue;
    if (hidden(p)) continue;
    texts.push(n as Text);
  }
  const textRects = (n: Text): DOMRect[] => {
    const range = document.createRange();
    range.selectNodeContents(n);
    return Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
  };

  // WALK-5: text cut off by a clipping box.
  for (const n of texts) {
    const p = n.parentElement!;
    const rects = textRects(n);
    if (!rects.length) continue;
    const box = {
      l: Math.min(...rects.map((r) => r.left)),
      t: Math.min(...rects.map((r) => r.top)),
      r: Math.max(...rects.map((r) => r.right)),
      b: Math.max(...rects.map((r) => r.bottom)),
    };
    for (let a: Element | null = p; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (scrolls(cs.overflowX) || scrolls(cs.overflowY)) {
        // A scroller with a hidden scrollbar must show that it scrolls (a faded edge) where it cuts text.
        const r = a.getBoundingClientRect();
        const partly = box.l < r.left - 1 ? box.r > r.left + 1 : box.r > r.right + 1 && box.l < r.right - 1;
        const masked = cs.maskImage !== 'none' || cs.getPropertyValue('-webkit-mask-image') !== 'none';
        if (scrolls(cs.overflowX) && cs.scrollbarWidth === 'none' && partly && !masked)
          out.push({
            kind: 'cut',
            detail: `"${(n.textContent ?? '').trim().slice(0, 40)}" cut by the edge of ${describe(a)}, which hides its scrollbar and does not fade its edge`,
          });
        break;
      }
      const cx = clips(cs.overflowX);
      const cy = clips(cs.overflowY);
      if (!cx && !cy) continue;
      const r = a.getBoundingClientRect();
      const cutX = cx && (box.r > r.right + 1 || box.l < r.left - 1);
      const cutY = cy && (box.b > r.bottom + 1 || box.t < r.top - 1);
      if (!cutX && !cutY) continue;
      const full = (n.textContent ?? '').trim();
      const labelled = (e: Element | null): boolean => {
        for (let x = e; x && x !== document.body; x = x.parentElement) {
          const label = `${x.getAttribute('title') ?? ''} ${x.getAttribute('aria-label') ?? ''}`;
          if (label.includes(full)) return true;
        }
        return false;
      };
      const ellipsis = cutX && !cutY && cs.textOverflow === 'ellipsis';
      if (ellipsis && labelled(p)) break;
      out.push({
        kind: 'cut',
        detail: `"${full.slice(0, 40)}" cut by ${describe(a)}${ellipsis ? ' (ellipsis without the full text in a title)' : ''}`,
      });
      break;
    }
  }

  // WALK-6: overlapping units.
  type Unit = { el: Element; boxes: Box[]; layer: Element | null; name: string };
  const units: Unit[] = [];
  const INTERACTIVE =
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"], ' +
    '[role="switch"], [role="checkbox"], [role="radio"], [role="menuitem"]';
  for (const el of Array.from(document.body.querySelectorAll(INTERACTIVE))) {
    if (hidden(el)) continue;
    if (el.parentElement?.closest(INTERACTIVE)) continue;
    const part = visiblePart(el, toBox(el.getBoundingClientRect()));
    if (part) units.push({ el, boxes: [part], layer: layerOf(el), name: describe(el) });
  }
  for (const n of texts) {
    const p = n.parentElement!;
    if (p.closest(INTERACTIVE)) continue;
    const boxes = textRects(n)
      .map((r) => visiblePart(p, toBox(r)))
      .filter((b): b is Box => b !== null);
    const snippet = (n.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    if (boxes.length) units.push({ el: p, boxes, layer: layerOf(p), name: `text "${snippet}"` });
  }
  const seen = new Set<string>();
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) {
      const a = units[i];
      const b = units[j];
      if (a.layer !== b.layer || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const hit = a.boxes.some((x) =>
        b.boxes.some((y) => Math.min(x.r, y.r) - Math.max(x.l, y.l) > 2 && Math.min(x.b, y.b) - Math.max(x.t, y.t) > 2),
      );
      if (!hit) continue;
      const detail = `${a.name} overlaps ${b.name}`;
      if (!seen.has(detail)) out.push({ kind: 'overlap', detail });
      seen.add(detail);
    }
  }
  return out;
}
