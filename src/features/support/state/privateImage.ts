import { uploadName, useSignedInImage } from '@/lib/upload/useSignedInImage';

/** A customer-service image (`/api/upload/<name>`), read through `/api/kefu/image/<name>`. */
export const usePrivateImage = (ref: string | null) =>
  useSignedInImage(ref ? `/api/kefu/image/${uploadName(ref)}` : null, 'support');
