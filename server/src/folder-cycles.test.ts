import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ESLint's `import-x/no-cycle` refuses cycles between files. This test refuses them between the
// server's folders too: a core that imports another which (through others) imports it back is a
// knot no one can move or test alone. Products already import only cores (eslint.config.js).
const root = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Folder (a core, or `products/<name>`) of a path under server/src; null for files at the top. */
function folderOf(path: string): string | null {
  const parts = relative(root, path).split(sep);
  if (parts.length < 2) return null;
  return parts[0] === 'products' ? `products/${parts[1]}` : parts[0]!;
}

/** Edges between folders, from the relative imports of production files (tests and testing/ aside). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(root)) {
    const from = folderOf(file);
    if (!from || from === 'testing') continue;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const to = folderOf(normalize(join(dirname(file), spec!)));
      if (!to || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Strongly connected groups of more than one folder (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      group.push(w);
      if (w === v) break;
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('server folders', () => {
  it('import one another without a cycle', () => {
    expect(cycles(folderGraph())).toEqual([]);
  });

  it('would name a cycle if one were added', () => {
    const graph = folderGraph();
    graph.set('db', (graph.get('db') ?? new Set()).add('scheduler'));
    expect(cycles(graph)).toContainEqual(expect.arrayContaining(['db', 'scheduler']));
  });
});
