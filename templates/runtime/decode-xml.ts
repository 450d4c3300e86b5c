/**
 * The single-pass XML decoder: records built straight from the tokens of xml-scan.ts, with no
 * element tree. It reads each entity into the parts decode.ts builds records from (field values,
 * association lists), so it gives the same records as the tree path (`decodeXmlDocument`); only
 * the `id` attribute is decoded, the others (`xlink:href`, `notFilterable`, …) are stepped over.
 * A document it cannot decode goes through the tree path, which then throws the error it always
 * threw (a decoder's error may come earlier in one pass than the tree path's syntax error).
 */
import { decodeXmlDocument, entityPlan, minimalEntity, xmlEntity, xmlFieldValue, type DecodeContext, type Decoded, type Entity, type EntityPlan, type XmlAssociationLists, type XmlLanguage, type XmlPairs } from './decode.js';
import type { ResourceMeta } from './meta.js';
import { parseXml } from './xml.js';
import { XmlScanner } from './xml-scan.js';

const NO_LANGUAGES: readonly XmlLanguage[] = [];

/** Decodes an XML answer of a resource: a list (`<products>`), one item, or the items of a batch write. */
export function decodeXmlText(meta: ResourceMeta, text: string, ctx: DecodeContext): Decoded {
  try {
    return decodeXmlSinglePass(meta, text, ctx);
  } catch {
    return decodeXmlDocument(meta, parseXml(text), ctx);
  }
}

/** The single pass alone: throws where `decodeXmlText` would fall back to the tree path. */
export function decodeXmlSinglePass(meta: ResourceMeta, text: string, ctx: DecodeContext): Decoded {
  const plan = entityPlan(meta, ctx);
  const s = new XmlScanner(text);
  s.openRoot();
  s.collect = false;
  // The tree path takes the first <products> when there is one, else the <product> children of the root.
  let list: Entity[] | undefined;
  const items: Entity[] = [];
  const isList = meta.nodes !== meta.node;
  if (!s.selfClosing) {
    while (s.next()) {
      if (isList && list === undefined && s.name === meta.nodes) {
        list = [];
        if (!s.selfClosing) while (s.next()) if (s.name === meta.node) list.push(entity(s, plan)); else s.skip();
      } else if (s.name === meta.node) {
        items.push(entity(s, plan));
      } else {
        s.skip();
      }
    }
  }
  s.finish();
  if (list !== undefined) return { form: 'list', items: list };
  if (items.length > 0) return { form: 'item', items };
  throw new SyntaxError(`expected <${meta.nodes}> or <${meta.node}> in the answer`);
}

/** The entity whose start tag was just read. */
function entity(s: XmlScanner, plan: EntityPlan): Entity {
  const id = s.id;
  if (s.selfClosing) return id !== undefined ? minimalEntity(plan, id) : xmlEntity(plan, new Map(), undefined);
  const raw = new Map<string, unknown>();
  let lists: XmlAssociationLists | undefined;
  let children = 0;
  let own = '';
  s.collect = true;
  while (s.next()) {
    own += s.chunk;
    children++;
    const name = s.name;
    if (name !== 'associations') raw.set(name, field(s, plan, name));
    else if (plan.associations) lists = associations(s);
    else s.skip();
  }
  own += s.chunk;
  s.collect = false;
  if (children === 0 && id !== undefined && own.trim() === '') return minimalEntity(plan, id);
  return xmlEntity(plan, raw, lists);
}

/** The value of the field element whose start tag was just read: its text, or its `<language>` children. */
function field(s: XmlScanner, plan: EntityPlan, name: string): unknown {
  const meta = plan.index.fields.get(name);
  if (s.selfClosing) return xmlFieldValue(meta, '', NO_LANGUAGES, plan.ctx);
  let own = '';
  let languages: XmlLanguage[] | undefined;
  while (s.next()) {
    own += s.chunk;
    if (s.name === 'language') (languages ??= []).push({ id: s.id, text: s.ownText() });
    else s.skip();
  }
  own += s.chunk;
  return xmlFieldValue(meta, own, languages ?? NO_LANGUAGES, plan.ctx);
}

/** The `<associations>` element whose start tag was just read: each list (the first of a name) as name/text pairs. */
function associations(s: XmlScanner): XmlAssociationLists {
  const lists: XmlAssociationLists = new Map();
  if (s.selfClosing) return lists;
  while (s.next()) {
    if (lists.has(s.name)) {
      s.skip();
      continue;
    }
    const items: XmlPairs[] = [];
    lists.set(s.name, items);
    if (s.selfClosing) continue;
    while (s.next()) {
      const pairs: XmlPairs = [];
      if (!s.selfClosing) while (s.next()) pairs.push([s.name, s.ownText()]);
      items.push(pairs);
    }
  }
  return lists;
}
