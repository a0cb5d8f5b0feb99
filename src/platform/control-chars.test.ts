import { describe, expect, it } from 'vitest';
import { escapeControl } from './control-chars.js';

describe('escapeControl', () => {
  it('escapes C0 (but newline and tab), DEL, C1 and bidi overrides', () => {
    expect(escapeControl('a\u001b]0;x\u0007b')).toBe('a\\x1b]0;x\\x07b');
    expect(escapeControl('line\r\nnext\tcol')).toBe('line\\r\nnext\tcol');
    expect(escapeControl('\u007f\u009b\u202e')).toBe('\\x7f\\x9b\\u202e');
    expect(escapeControl('plain ✓ text')).toBe('plain ✓ text');
  });

  it('escapes newlines and tabs too for a one-line value', () => {
    expect(escapeControl('a\nb\tc', { lines: false })).toBe('a\\nb\\tc');
  });
});
