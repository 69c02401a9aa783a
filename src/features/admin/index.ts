import { loadCatalog } from '@/lib/i18n';

// The console's strings (shell, toolkit and every section) arrive with its chunk.
await loadCatalog('admin');

export { Console } from './Console';
