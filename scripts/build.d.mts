// Types for scripts/build.mjs, imported by the browser tests and benchmarks.
export const root: string;
export const distDir: string;
export function staleReason(): string | null;
export function run(command: string, args: string[], options?: object): Promise<void>;
export function build(options?: { stdio?: 'inherit' | 'ignore' | 'pipe' }): Promise<void>;
export function buildIfNeeded(options?: { stdio?: 'inherit' | 'ignore' | 'pipe' }): Promise<boolean>;
