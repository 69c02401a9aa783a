import { TRANSIENT_ATTRIBUTE } from './format';

/**
 * The app root's HTML without its transient parts, once the tab's figure (`figure`, a selector) is
 * drawn with a digit in it; null before. Only what React rendered is kept: React writes no inline
 * event handler, and none is ever painted back (index.html strips them too).
 */
export function captureRoot(root: Element, figure: string): string | null {
  const copy = root.cloneNode(true) as Element;
  for (const el of copy.querySelectorAll(`[${TRANSIENT_ATTRIBUTE}]`)) el.remove();
  const drawn = [...copy.querySelectorAll(figure)].some((el) => /\d/.test(el.textContent ?? ''));
  return drawn ? copy.innerHTML : null;
}

/** The style sheets of the document (absolute URLs), which the painted screen needs again. */
export function styleSheetsOf(doc: Document): string[] {
  const links = doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
  return [...new Set([...links].map((link) => link.href))];
}

/**
 * Runs with the app's first commit (a layout effect at its top): the painted screen goes in the
 * same task as the live page arrives, so the two are never in the document together. The style
 * sheets it added stay on (the live page may use them; a script finding one in the document does
 * not load it again); those that did not load go, so that a later page loads its own.
 */
export function removeLastScreen(doc: Document, id: string, stylesAttribute: string): void {
  doc.getElementById(id)?.remove();
  for (const link of doc.querySelectorAll<HTMLLinkElement>(`link[${stylesAttribute}]`)) {
    if (link.sheet) link.media = 'all';
    else link.remove();
  }
}
