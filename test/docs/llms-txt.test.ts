/**
 * llms.txt (llmstxt.org): an H1, a blockquote summary, sections of links; every link names a guide
 * that exists, and a running emulator serves the same file at /_emulator/llms.txt with each link
 * resolving beside it (/_emulator/docs/<page>.md), without a token.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/doc-blocks.js';
import { useEmulator } from '../helpers/emulator.js';

const text = readFileSync(join(ROOT, 'llms.txt'), 'utf8');
const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)(: .+)?$/gm)].map((match) => match[1] ?? '');
const { emulator } = useEmulator({ adminToken: 'llms-admin' });

describe('llms.txt', () => {
  it('has the llmstxt.org shape: an H1 name, a blockquote summary, then sections of links', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe('# billing-emulator');
    expect(lines[2]).toMatch(/^> \S/);
    const sections = lines.filter((line) => line.startsWith('## '));
    expect(sections).toContain('## Docs');
    expect(sections).toContain('## Optional');
    expect(links.length).toBeGreaterThan(10);
    // Between the summary and the first section: paragraphs only, no heading.
    const head = lines.slice(
      3,
      lines.findIndex((line) => line.startsWith('## ')),
    );
    expect(head.filter((line) => line.startsWith('#'))).toEqual([]);
  });

  it('links to guides that exist and ship with the package', () => {
    const files = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] }).files;
    expect(files).toContain('llms.txt');
    expect(files).toContain('docs/*.md');
    const missing = links.filter((link) => {
      try {
        readFileSync(join(ROOT, link));
        return !/^docs\/[a-z0-9-]+\.md$/.test(link);
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  it('is served at /_emulator/llms.txt as text/plain, without a token, and its links resolve beside it', async () => {
    const base = `${emulator().url}/_emulator/llms.txt`;
    const reply = await fetch(base);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await reply.text()).toBe(text);
    for (const link of links) {
      const page = await fetch(new URL(link, base));
      expect(page.status, link).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(await page.text()).toBe(readFileSync(join(ROOT, link), 'utf8'));
    }
  });

  it('serves nothing but docs/*.md under /_emulator/docs', async () => {
    for (const path of [
      '/_emulator/docs/missing.md',
      '/_emulator/docs/..%2Fpackage.json',
      '/_emulator/docs/decisions',
    ]) {
      const reply = await fetch(`${emulator().url}${path}`);
      expect(reply.status, path).toBe(404);
    }
  });
});
