import type { NftArtwork } from '@contract/nft';
import { pages, type NavTarget } from '@/lib/nav';

/** An artwork's screen: videos open the video detail with its player. */
export function detailTarget(a: Pick<NftArtwork, 'id' | 'type'>): NavTarget {
  return a.type === 'video'
    ? { to: pages.nft.artworkDetail_video, search: { id: a.id } }
    : { to: pages.nft.artworkDetail, search: { id: a.id } };
}
