import { createContext, useContext } from 'react';
import type { ResponseOf } from '@contract/define';
import type { me } from '@contract/admin';

export type Staff = ResponseOf<typeof me>;

/** The signed-in staff member, provided by the console shell once `/admin/me` answered. */
export const StaffContext = createContext<Staff | null>(null);

/** The signed-in staff member (inside the console only). */
export function useStaff(): Staff {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the console');
  return staff;
}
