interface FocusSources {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * Calls `refresh` whenever the page comes back to the user: the tab is shown again or the
 * window regains focus (a review decided meanwhile shows without reopening the page). Returns
 * the unsubscribe function.
 */
export function onPageFocus(refresh: () => void, sources: FocusSources = { window, document }): () => void {
  const onVisibility = () => {
    if (sources.document.visibilityState === 'visible') refresh();
  };
  sources.window.addEventListener('focus', refresh);
  sources.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    sources.window.removeEventListener('focus', refresh);
    sources.document.removeEventListener('visibilitychange', onVisibility);
  };
}
