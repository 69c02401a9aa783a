import { Component, createRef, type ReactNode } from 'react';
import styles from './PageTransition.module.css';

/** Timings of SPEC.md section 2: the leaving page fades out over 200 ms, the next fades in after 50 ms. */
export const LEAVE_MS = 200;
export const ENTER_DELAY_MS = 50;
export const ENTER_MS = 200;

export interface PageTransitionProps {
  /** Changes when the page changes (the route path). */
  transitionKey: string;
  children: ReactNode;
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Cross-fades between pages. The router has already swapped the content by the time React
 * commits, so the leaving page is kept as a snapshot of its DOM (taken just before the commit)
 * and faded out over the new one; it is inert and removed when its fade ends.
 */
export class PageTransition extends Component<PageTransitionProps> {
  private readonly page = createRef<HTMLDivElement>();
  private readonly ghosts = createRef<HTMLDivElement>();

  override getSnapshotBeforeUpdate(prev: PageTransitionProps): HTMLElement | null {
    const page = this.page.current;
    if (prev.transitionKey === this.props.transitionKey || !page || reducedMotion()) return null;
    const ghost = page.cloneNode(true) as HTMLElement;
    ghost.removeAttribute('id');
    ghost.style.transform = `translateY(${-window.scrollY}px)`;
    return ghost;
  }

  override componentDidUpdate(_: PageTransitionProps, __: unknown, ghost: HTMLElement | null) {
    const page = this.page.current;
    if (!ghost || !page || !this.ghosts.current) return;
    ghost.inert = true;
    ghost.className = `${page.className} ${styles.ghost}`;
    this.ghosts.current.replaceChildren(ghost);
    window.scrollTo(0, 0);
    const leave = ghost.animate([{ opacity: 1 }, { opacity: 0 }], {
      duration: LEAVE_MS,
      easing: 'ease-out',
      fill: 'forwards',
    });
    leave.onfinish = () => ghost.remove();
    page.animate([{ opacity: 0 }, { opacity: 1 }], {
      duration: ENTER_MS,
      delay: ENTER_DELAY_MS,
      easing: 'ease-in',
      fill: 'backwards',
    });
  }

  override render() {
    return (
      <div className={styles.stage}>
        <div ref={this.page} className={styles.page}>
          {this.props.children}
        </div>
        <div ref={this.ghosts} className={styles.ghosts} aria-hidden="true" data-transient="" />
      </div>
    );
  }
}

export default PageTransition;
