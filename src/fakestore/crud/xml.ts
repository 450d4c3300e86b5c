/**
 * Write bodies of the CRUD fake store, read the way `saveEntityFromXml` reads them with SimpleXML:
 * a body that is not XML is 500/127; whitespace around a value is kept; a leading `xml=` is
 * stripped. Parsed with fast-xml-parser, independently of the client runtime's own parser.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { WsError } from './query.js';

export interface Node {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: Node[];
  text: string;
}

export function child(el: Node, name: string): Node | undefined {
  return el.children.find((c) => c.name === name);
}

const parser = (): XMLParser =>
  new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    cdataPropName: '#cdata',
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
  });

/** Parses a write body like SimpleXML: 500/127 when it is not XML; returns the root element. */
export function parseBody(body: string): Node {
  const text = body.startsWith('xml=') ? body.slice(4) : body;
  const valid = text.trim() === '' ? false : XMLValidator.validate(text);
  if (valid !== true) {
    throw new WsError(
      500,
      127,
      `XML error : String could not be parsed as XML\nXML length : ${text.length}\nOriginal XML : ${text}`,
    );
  }
  const nodes = toNodes(parser().parse(text) as unknown[]);
  const root = nodes[0];
  if (root === undefined) throw new WsError(500, 127, 'XML error : String could not be parsed as XML');
  return root;
}

function toNodes(list: unknown[]): Node[] {
  const out: Node[] = [];
  for (const entry of list) {
    const record = entry as Record<string, unknown>;
    const name = Object.keys(record).find((k) => k !== ':@');
    if (name === undefined || name === '#text' || name === '#cdata') continue;
    const content = (record[name] ?? []) as unknown[];
    const node: Node = {
      name,
      attrs: (record[':@'] ?? {}) as Record<string, string>,
      children: toNodes(content),
      text: textOf(content),
    };
    out.push(node);
  }
  return out;
}

function textOf(content: unknown[]): string {
  let text = '';
  for (const entry of content) {
    const record = entry as Record<string, unknown>;
    if ('#text' in record) text += String(record['#text']);
    else if ('#cdata' in record) text += textOf(record['#cdata'] as unknown[]);
  }
  return text;
}
