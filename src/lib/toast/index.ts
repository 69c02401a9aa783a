/** Default toast duration (SPEC.md section 9). */
export const TOAST_MS = 1500;

let current: { el: HTMLElement; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * A short message in the middle of the screen, on the toast layer. Plain DOM rather than
 * antd-mobile's Toast: that one brings an animation library, and this runs on the first screen
 * (HTTP errors, "please log in first"). A new toast replaces the one showing.
 */
export function toast(content: string, duration = TOAST_MS): void {
  if (typeof document === 'undefined') return;
  if (current) {
    clearTimeout(current.timer);
    current.el.remove();
  }
  const el = document.createElement('div');
  el.className = 'app-toast';
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  el.textContent = content;
  document.body.append(el);
  const timer = setTimeout(() => {
    el.remove();
    if (current?.el === el) current = null;
  }, duration);
  current = { el, timer };
}
