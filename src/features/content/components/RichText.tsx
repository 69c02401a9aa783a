import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { ARTICLE_LINK_SCHEMES, ARTICLE_TAGS } from '@contract/domain/article-html';
import styles from './content.module.css';

const SAFE_URL = new RegExp(`^(?:${ARTICLE_LINK_SCHEMES.join('|')}):`, 'i');

let hooked = false;
function purifier() {
  if (!hooked) {
    // Links leave the app in a new tab without a reference to it; any other scheme is dropped.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName !== 'A') return;
      const href = node.getAttribute('href');
      if (href !== null && !SAFE_URL.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Sanitised article HTML: formatting and safe links only. */
export function cleanHtml(html: string): string {
  return purifier().sanitize(html, {
    ALLOWED_TAGS: [...ARTICLE_TAGS],
    ALLOWED_ATTR: ['href', 'title'],
    ALLOW_DATA_ATTR: false,
  });
}

export function RichText({ html, testId }: { html: string; testId?: string }) {
  const clean = useMemo(() => cleanHtml(html), [html]);
  // Sanitised by DOMPurify just above.
  return <div className={styles.rich} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
