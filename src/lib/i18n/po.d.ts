// Lingui's Vite plugin compiles .po catalogs into modules exporting `messages`.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
