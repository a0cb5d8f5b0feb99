/**
 * The floors of docs/architecture.md hold: the folders of src/ import each other one way only (no
 * cycle between folders), the domain never imports the wire, and the model imports only itself.
 * ESLint's no-restricted-imports says the same for the last two while editing; this test also
 * catches a cycle that goes through several folders.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The top folder of src/ a file is in (`(root)` for src/app.ts and the like). */
function folderOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 ? (parts[0] as string) : '(root)';
}

/** Every import between two folders: `from` → `to` → the files that make it. */
function folderImports(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  // The dashboard is a browser bundle of its own (src/ui/tsconfig.json), with no import into the server.
  for (const file of sourceFiles(SRC).filter((f) => folderOf(f) !== 'ui')) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), match[1] as string);
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      const targets = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, targets);
      targets.set(to, [...(targets.get(to) ?? []), path.relative(SRC, file)]);
    }
  }
  return graph;
}

/** A path of folders from `start` back to `start`, if there is one. */
function cycleFrom(graph: Map<string, Map<string, string[]>>, start: string): string[] | null {
  const seen = new Set<string>();
  const walk = (folder: string, trail: string[]): string[] | null => {
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (next === start) return [...trail, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

describe('the floors of src/', () => {
  const graph = folderImports();

  it('has no cycle between folders', () => {
    const cycles = [...graph.keys()]
      .map((folder) => cycleFrom(graph, folder))
      .filter((cycle): cycle is string[] => cycle !== null)
      .map((cycle) => cycle.join(' -> '));
    expect(cycles).toEqual([]);
  });

  it('keeps the domain off the wire, the control API, the dashboard and the command line', () => {
    const wire = ['http', 'resources', 'control', 'webhooks', 'ui', 'errors', 'cli', 'scenarios', 'fixtures'];
    const reached = [...(graph.get('domain')?.entries() ?? [])].filter(([to]) => wire.includes(to));
    expect(reached).toEqual([]);
  });

  it('lets the model import nothing but the model', () => {
    expect([...(graph.get('model')?.entries() ?? [])]).toEqual([]);
  });

  it('keeps the store below the domain and the wire', () => {
    const above = [
      'domain',
      'http',
      'resources',
      'control',
      'webhooks',
      'ui',
      'cli',
      'scenarios',
      'fixtures',
    ];
    const reached = [...(graph.get('store')?.entries() ?? [])].filter(([to]) => above.includes(to));
    expect(reached).toEqual([]);
  });
});
