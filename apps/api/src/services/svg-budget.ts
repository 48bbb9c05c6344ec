/*
 * The work an SVG makes svg-to-pdfkit do, counted before it runs. Rendering is synchronous (on the server's
 * thread) and costs time per drawn element; `<use>` draws its target again, so nested uses multiply (ten uses of
 * an element holding ten uses ... is a billion elements from a few kilobytes). One linear scan of the tags
 * builds the element tree, and the number of elements drawn, with every `<use>` expanded, is computed with a
 * memo per element: linear in the text whatever the nesting.
 */

/** Elements drawn at most (with `<use>` expanded): a designer canvas of a large scenario draws a few thousand. */
export const MAX_SVG_DRAWN_ELEMENTS = 10_000;
/** Deepest element nesting accepted (the renderer recurses per level). */
export const MAX_SVG_DEPTH = 200;

interface Element {
  children: Element[];
  useTarget: string | undefined;
}

const TAG = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[?!][^>]*>|<(\/?)([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
const ID = /(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const HREF = /(?:^|\s)(?:xlink:)?href\s*=\s*(?:"\s*#([^"]*)"|'\s*#([^']*)')/;

/** Why the SVG is refused, or undefined when drawing it stays within the budget. */
export function svgBudgetProblem(svg: string): string | undefined {
  const root: Element = { children: [], useTarget: undefined };
  const ids = new Map<string, Element>();
  const stack: Element[] = [root];
  let count = 0;
  for (const match of svg.matchAll(TAG)) {
    const [, closing, name, attributes = '', selfClosing] = match;
    if (name === undefined) continue;
    const parent = stack[stack.length - 1] as Element;
    if (closing) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    if (++count > MAX_SVG_DRAWN_ELEMENTS) return `The diagram has more than ${MAX_SVG_DRAWN_ELEMENTS} elements`;
    const href = name === 'use' ? HREF.exec(attributes) : null;
    const element: Element = { children: [], useTarget: href ? (href[1] ?? href[2]) : undefined };
    parent.children.push(element);
    const id = ID.exec(attributes);
    if (id) ids.set(id[1] ?? id[2] ?? '', element);
    if (!selfClosing) {
      stack.push(element);
      if (stack.length > MAX_SVG_DEPTH) return `The diagram nests elements deeper than ${MAX_SVG_DEPTH} levels`;
    }
  }

  // Drawn elements per element, `<use>` counting its target's; computed without recursion, children first.
  const drawn = new Map<Element, number>();
  const visiting = new Set<Element>();
  const work: Element[] = [root];
  while (work.length > 0) {
    const element = work[work.length - 1] as Element;
    if (drawn.has(element)) {
      work.pop();
      continue;
    }
    const target = element.useTarget === undefined ? undefined : ids.get(element.useTarget);
    const parts = target ? [...element.children, target] : element.children;
    const pending = parts.filter((part) => !drawn.has(part));
    if (pending.length > 0 && !visiting.has(element)) {
      visiting.add(element);
      work.push(...pending);
      continue;
    }
    if (pending.length > 0) return 'The diagram has a <use> element that refers to itself';
    visiting.delete(element);
    const total = parts.reduce((sum, part) => sum + (drawn.get(part) ?? 0), 1);
    if (total > MAX_SVG_DRAWN_ELEMENTS) return `The diagram draws more than ${MAX_SVG_DRAWN_ELEMENTS} elements (counting each <use>)`;
    drawn.set(element, total);
    work.pop();
  }
  return undefined;
}
