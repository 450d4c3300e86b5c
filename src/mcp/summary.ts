/**
 * The snapshot as MCP resources: `prestashop://store` (store version, languages, each resource with
 * its counts of fields and associations, its methods and the tools this server allows on it) and
 * `prestashop://resources/<name>` (one resource's fields, from the plan). Pure.
 */
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ExportedResource } from '../export/schemas.js';
import type { ServerModel } from './server.js';
import { storeText } from './tools.js';

const SUMMARY_URI = 'prestashop://store';
const RESOURCE_PREFIX = 'prestashop://resources/';
const JSON_TYPE = 'application/json';

export interface ResourceEntry {
  readonly uri: string;
  readonly name: string;
  readonly description: string;
  readonly mimeType: string;
}

/** The resources to list: the summary, then each resource the agent may read. */
export function summaryResources(model: ServerModel): ResourceEntry[] {
  const store = model.schema.store;
  return [
    {
      uri: SUMMARY_URI,
      name: 'store',
      description: `PrestaShop ${store.psVersion ?? '(version unknown)'}: languages and resources, with what this server allows`,
      mimeType: JSON_TYPE,
    },
    ...readable(model).map((e) => ({
      uri: `${RESOURCE_PREFIX}${e.plan.name}`,
      name: e.plan.name,
      description: storeText(e.plan.description) || `/api/${e.plan.name}`,
      mimeType: JSON_TYPE,
    })),
  ];
}

function readable(model: ServerModel): ExportedResource[] {
  const names = new Set(model.tools.map((t) => t.resource));
  return model.entries.filter((e) => names.has(e.plan.name));
}

function summary(model: ServerModel): unknown {
  const tools = new Map<string, string[]>();
  for (const t of model.tools) tools.set(t.resource, [...(tools.get(t.resource) ?? []), t.operation]);
  return {
    store: {
      psVersion: model.schema.store.psVersion,
      languages: model.schema.store.languages,
      timeZone: model.schema.store.timeZone ?? null,
    },
    resourceCount: model.entries.length,
    toolCount: model.tools.length,
    resources: model.entries.map((e) => ({
      name: e.plan.name,
      description: storeText(e.plan.description),
      methods: e.methods,
      fields: e.plan.fields.length,
      associations: e.plan.associations.length,
      tools: tools.get(e.plan.name) ?? [],
    })),
  };
}

function resourceDetail(entry: ExportedResource): unknown {
  return {
    name: entry.plan.name,
    description: storeText(entry.plan.description),
    node: entry.node,
    methods: entry.methods,
    fields: entry.plan.fields.map((f) => ({
      name: f.name,
      kind: f.kind,
      required: f.required,
      writable: f.writable,
      multilingual: f.multilingual,
      filterable: f.filterable,
      maxSize: f.maxSize,
      values: f.values,
      references: f.references,
      rule: f.rule,
    })),
    associations: entry.plan.associations.map((a) => ({
      name: a.name,
      resource: a.resource,
      writable: a.writable,
      fields: a.fields.map((f) => f.name),
    })),
  };
}

/** The contents of `uri`; an unknown one is an MCP error naming it. */
export function readSummary(model: ServerModel, uri: string): { uri: string; mimeType: string; text: string } {
  const text = (value: unknown) => ({
    uri,
    mimeType: JSON_TYPE,
    text: JSON.stringify(value, null, 1),
  });
  if (uri === SUMMARY_URI) return text(summary(model));
  if (uri.startsWith(RESOURCE_PREFIX)) {
    const name = uri.slice(RESOURCE_PREFIX.length);
    const entry = readable(model).find((e) => e.plan.name === name);
    if (entry !== undefined) return text(resourceDetail(entry));
  }
  throw new McpError(
    ErrorCode.InvalidParams,
    `no MCP resource ${JSON.stringify(uri.slice(0, 200))}: see resources/list (${SUMMARY_URI} and ${RESOURCE_PREFIX}<name>)`,
  );
}
