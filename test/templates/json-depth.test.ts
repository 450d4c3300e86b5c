// parseJsonAnswer's depth check jumps over strings with indexOf; it must refuse exactly what the
// character-by-character scan it replaced refused (the oracle below), whatever the strings hold.
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJsonAnswer } from '../../templates/runtime/http-body.js';
import { random } from './random.js';

/** The previous scan: the deepest nesting outside strings, a backslash escaping the next character. */
function deepest(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return max;
}

const refused = (text: string): boolean => {
  try {
    parseJsonAnswer(text);
    return false;
  } catch (error) {
    return /nested deeper/.test((error as Error).message);
  }
};

describe('the JSON depth check', () => {
  it('refuses what the character scan refused, with brackets, quotes and backslashes in strings', () => {
    const next = random(7);
    const strings = ['"a"', '"["', '"[[{"', '"\\"["', '"\\\\"', '"\\\\\\"[{"', '"x\\\\\\\\"', '"]]}"', '"\\u005b"'];
    let both = 0;
    for (let n = 0; n < 3000; n++) {
      let text = '';
      const depth = MAX_JSON_DEPTH - 6 + Math.floor(next() * 40);
      for (let d = 0; d < depth; d++) {
        text += next() < 0.5 ? '[' : '{"k":';
        if (next() < 0.1) text += `${strings[Math.floor(next() * strings.length)]},`;
        if (next() < 0.02) text += ']';
      }
      expect(refused(text), text).toBe(deepest(text) > MAX_JSON_DEPTH);
      if (refused(text)) both++;
    }
    expect(both).toBeGreaterThan(300);
    expect(both).toBeLessThan(2700);
  });
});
