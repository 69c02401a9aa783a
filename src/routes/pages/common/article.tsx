import { useSearch } from '@tanstack/react-router';
import { ArticlePage, NewsListPage } from '@/features/content';
import { pages } from '@/lib/nav';

/** `#/pages/common/article?id=`: one article; without an id, the news list. */
export default function ArticleRoute() {
  const { id } = useSearch({ from: pages.common.article });
  return id === undefined ? <NewsListPage /> : <ArticlePage id={id} />;
}
