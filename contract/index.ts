import type { Endpoint } from './define';

/**
 * Every contract module of this folder, found by file name, so a new product's contract file is
 * counted without an edit here. Read by tests (access, bad input, request limits) under Vite.
 */
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./index.ts'], {
  eager: true,
});

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'request' in v;

/** Every endpoint of the contract, each once (a module may re-export another's). */
export const allEndpoints: Endpoint[] = [
  ...new Set(Object.values(modules).flatMap((mod) => Object.values(mod).filter(isEndpoint))),
];
