import type { Page } from '@playwright/test';

/** A text that does not fit: where it is and how much is cut. */
export interface Overflow {
  readonly text: string;
  readonly testId: string | null;
  readonly box: number;
  readonly content: number;
}

/**
 * Every visible text whose box is too small for it: the nearest block around each text (a badge's label, a title,
 * a button's label) whose content is wider than the box (clipped, cut with an ellipsis or spilling out), and any text
 * that reaches past the screen's edges. Containers that scroll sideways on purpose are left alone.
 */
export const overflowingTexts = (page: Page): Promise<Overflow[]> =>
  page.evaluate(() => {
    const found = new Map<Element, { text: string; testId: string | null; box: number; content: number }>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const blockOf = (node: Node): HTMLElement | null => {
      let el = node.parentElement;
      while (el && getComputedStyle(el).display === 'inline') el = el.parentElement;
      return el;
    };
    const scrolls = (el: Element): boolean => {
      const x = getComputedStyle(el).overflowX;
      return x === 'auto' || x === 'scroll';
    };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      if (!text) continue;
      const block = blockOf(node);
      if (!block || found.has(block)) continue;
      const style = getComputedStyle(block);
      const rect = block.getBoundingClientRect();
      if (style.visibility === 'hidden' || rect.width === 0 || rect.height === 0) continue;
      if (block.closest('[aria-hidden="true"], script, style, noscript')) continue;
      // Inside a container meant to scroll sideways (a wide table), a long text is not cut.
      let scroller: Element | null = block.parentElement;
      while (scroller && !scrolls(scroller)) scroller = scroller.parentElement;
      const testId = block.closest('[data-testid]')?.getAttribute('data-testid') ?? null;
      const cut = !scrolls(block) && block.scrollWidth > block.clientWidth + 1;
      const outside = !scroller && (rect.right > window.innerWidth + 1 || rect.left < -1);
      if (cut || outside)
        found.set(block, {
          text: block.textContent?.trim().slice(0, 80) ?? text,
          testId,
          box: Math.round(outside ? window.innerWidth : block.clientWidth),
          content: Math.round(outside ? rect.right : block.scrollWidth),
        });
    }
    return [...found.values()];
  });
