/**
 * Tags an article may use. The server keeps only these when content is saved; the client
 * sanitises again with the same list before rendering, so a stored copy or an older server never
 * reaches the page raw. Links keep `href` and `title` only, with these schemes.
 */
export const ARTICLE_TAGS: readonly string[] = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'code',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

export const ARTICLE_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];
