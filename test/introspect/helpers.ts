/**
 * Test helpers: an independent, regex-based reading of the recorded XML synopses, so the tests do
 * not trust the parser they check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURE_DIR = join(import.meta.dirname, '../../fixtures/prestashop-8.2.0');
export const GOLDEN_DIR = join(import.meta.dirname, '../golden');

export interface ExpectedField {
  name: string;
  required: boolean;
  maxSize: number | null;
  format: string | null;
  readOnly: boolean;
  filterable: boolean;
  multilingual: boolean;
  references: string | null;
}

export interface ExpectedAssociation {
  name: string;
  nodeName: string;
  resource: string | null;
  virtual: boolean;
  fields: ExpectedField[];
}

export interface ExpectedSynopsis {
  nodeName: string;
  fields: ExpectedField[];
  associations: ExpectedAssociation[];
  languageIds: number[];
}

function attrs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([\w:]+)="([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
}

function field(name: string, a: Record<string, string>, line: string): ExpectedField {
  const href = a['xlink:href'];
  return {
    name,
    required: a.required === 'true',
    maxSize: a.maxSize === undefined ? null : Number(a.maxSize),
    format: a.format ?? null,
    readOnly: a.readOnly === 'true' || a.read_only === 'true',
    filterable: a.notFilterable !== 'true',
    multilingual: line.includes('<language '),
    references: href === undefined ? null : (/\/api\/(\w+)\//.exec(href)?.[1] ?? null),
  };
}

/** Reads a recorded XML synopsis with regular expressions (one element per line, as PrestaShop writes it). */
export function readSynopsisByRegex(xml: string): ExpectedSynopsis {
  const nodeName = /<prestashop[^>]*>\s*<(\w+)>/.exec(xml)![1]!;
  const [head, assocPart = ''] = xml.split('<associations>');
  const fields: ExpectedField[] = [];
  const languageIds = new Set<number>();
  for (const m of head!.matchAll(/^\t<(\w+)((?: [\w:]+="[^"]*")*)\s*>(.*)$/gm)) {
    const line = m[0];
    // only the opening tag's attributes, not those of <language> children
    fields.push(field(m[1]!, attrs(m[2]!), line));
    for (const l of line.matchAll(/<language id="(\d+)"/g)) languageIds.add(Number(l[1]));
  }
  const associations: ExpectedAssociation[] = [];
  for (const m of assocPart.matchAll(
    /^<(\w+) nodeType="(\w+)"(?: api="(\w+)[\w/]*")?(?: virtualEntity="(true)")?>\n([\s\S]*?)^<\/\1>/gm,
  )) {
    const inner = m[5]!;
    const afields: ExpectedField[] = [];
    // template item is "\t<node>" then fields "\t<field ...>" then "\t</node>"
    const lines = inner.split('\n').slice(1, -2);
    for (const l of lines) {
      const fm = /^\t<(\w+)((?: [\w:]+="[^"]*")*)\s*>/.exec(l);
      if (fm) afields.push(field(fm[1]!, attrs(fm[2]!), l));
    }
    associations.push({
      name: m[1]!,
      nodeName: m[2]!,
      resource: m[3] ?? null,
      virtual: m[4] === 'true',
      fields: afields,
    });
  }
  return { nodeName, fields, associations, languageIds: [...languageIds].sort() };
}

export function recordedSynopses(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(join(FIXTURE_DIR, 'synopsis'))) {
    if (f.endsWith('.xml')) out.set(f.slice(0, -4), readFileSync(join(FIXTURE_DIR, 'synopsis', f), 'utf8'));
  }
  return out;
}

export interface RecordedResource {
  name: string;
  description: string;
  objectNodeName?: string;
  objectsNodeName?: string;
  forbidden_methods: string[];
  allowed_methods: string[];
}

export function recordedResources(): RecordedResource[] {
  return (JSON.parse(readFileSync(join(FIXTURE_DIR, 'resources.json'), 'utf8')) as { resources: RecordedResource[] })
    .resources;
}
