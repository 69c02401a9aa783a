import { uploadName, useSignedInImage } from '@/lib/upload/useSignedInImage';

/** An image of an order (proof, appeal, chat), read through `/api/otc/image/<order>/<name>`. */
export const useOrderImage = (orderId: number, ref: string) =>
  useSignedInImage(`/api/otc/image/${orderId}/${uploadName(ref)}`, 'otc');
