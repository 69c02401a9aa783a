import { describe, expect, it, vi } from 'vitest';
import { onPageFocus } from './onPageFocus';

function fakePage() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  return { win, doc, sources: { window: win, document: doc } as unknown as Parameters<typeof onPageFocus>[1] };
}

describe('onPageFocus', () => {
  it('refreshes when the window regains focus or the tab is shown again', () => {
    const { win, doc, sources } = fakePage();
    const refresh = vi.fn();
    onPageFocus(refresh, sources);
    win.dispatchEvent(new Event('focus'));
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(refresh).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('stops after unsubscribing', () => {
    const { win, doc, sources } = fakePage();
    const refresh = vi.fn();
    onPageFocus(refresh, sources)();
    win.dispatchEvent(new Event('focus'));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(refresh).not.toHaveBeenCalled();
  });
});
