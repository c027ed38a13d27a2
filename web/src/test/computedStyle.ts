/**
 * jsdom 29's `getComputedStyle` keeps a style cache per document (cleared on every DOM, attribute,
 * text or style sheet change) but answers each call from it with a fresh clone that resolves every
 * property again. testing-library's role queries call it for every element and each ancestor, on
 * every poll of a `findBy`/`waitFor`: that clone was ~45% of a screen test's time (ShopList, CPU
 * profile). jsdom fixed it upstream (jsdom#4300, September 2026), in releases that need Node 22;
 * the machines here run Node 20.
 *
 * Until then: the same element gets the same declaration for as long as jsdom's own cache stands.
 * Nothing can differ from what jsdom would answer: jsdom answers from that same cache (replaced on
 * every DOM, attribute, text or style sheet change; not on focus, `:checked` or a typed value, which
 * jsdom's own answers then miss alike), and a computed declaration is read-only.
 */
export function memoizeComputedStyle(): void {
  const impl = Object.getOwnPropertySymbols(document)
    .filter((symbol) => symbol.description === "impl")
    .map((symbol) => (document as unknown as Record<symbol, { _styleCache?: object }>)[symbol])
    .find((value) => value?._styleCache !== undefined);
  // Not jsdom, or a jsdom without the cache this follows: leave getComputedStyle as it is.
  if (!impl) return;
  const original = window.getComputedStyle.bind(window);
  let generation: object | undefined;
  let answers = new WeakMap<Element, CSSStyleDeclaration>();
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    // Only what jsdom's cache follows: elements of this document, in it (changes to a detached
    // subtree or another document do not clear it).
    if (pseudo || element.ownerDocument !== document || !element.isConnected) {
      return original(element, pseudo);
    }
    if (impl._styleCache !== generation) {
      generation = impl._styleCache;
      answers = new WeakMap();
    }
    let answer = answers.get(element);
    if (!answer) {
      answer = original(element);
      answers.set(element, answer);
    }
    return answer;
  };
}
