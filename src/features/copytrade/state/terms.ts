import { useCachedReply } from '@/lib/holdings';
import { fetchCopyTerms } from '../api/follow';

/**
 * Copy trading's published fees (the futures rates in force), kept for reading offline with the
 * time they were read; undefined while loading, null when never read.
 */
export function useCopyTerms() {
  const { value } = useCachedReply('follow:terms', fetchCopyTerms);
  return value;
}
