/**
 * XML for the Webservice: a small non-validating parser for the store's answers. The writer of
 * POST/PUT/PATCH bodies is xml-write.ts, loaded with the write side (see write.ts).
 */

import { XmlScanner } from './xml-scan.js';

/** A parsed element: its name, attributes, child elements and its own text (character data + CDATA). */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

/**
 * Parses a document and returns its root element. Throws a `SyntaxError` on malformed input.
 * Comments and processing instructions are skipped; a DOCTYPE (or any other declaration) is
 * refused; only the five predefined and numeric character references are decoded (no entity
 * expansion, so no entity bombs). The tokenizer is xml-scan.ts's, shared with the record decoder.
 */
export function parseXml(source: string): XmlElement {
  const scanner = new XmlScanner(source, true);
  scanner.openRoot();
  const element = (): XmlElement => ({ name: scanner.name, attrs: scanner.attrs!, children: [], text: '' });
  const root = element();
  const stack: XmlElement[] = scanner.selfClosing ? [] : [root];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const more = scanner.next();
    top.text += scanner.chunk;
    if (more) {
      const el = element();
      top.children.push(el);
      if (!scanner.selfClosing) stack.push(el);
    } else {
      stack.pop();
    }
  }
  scanner.finish();
  return root;
}

/** The first child element called `name`, or undefined. */
export function child(el: XmlElement, name: string): XmlElement | undefined {
  for (const c of el.children) if (c.name === name) return c;
  return undefined;
}
