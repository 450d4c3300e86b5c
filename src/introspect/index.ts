/**
 * The introspector: reads a store's resources and their synopses over HTTP and builds the model.
 * The only module of the project that touches the network.
 *
 * Steps:
 * 1. `GET {url}/api` (XML; the JSON form crashes on 8.x/9.0): resources, the key's method flags,
 *    and `PSWS-Version`. If the listing cannot be read, fall back to the spec's resource list plus
 *    `include`, and say so in the summary.
 * 2. Per resource, bounded by `concurrency`: the JSON synopsis (auto/json mode); when it holds no
 *    metadata (real stores), the XML synopsis; then `GET /api/<resource>?limit=1` (XML) for the
 *    plural node name.
 * 3. `GET /api/languages?display=[id,iso_code]` when the key may read languages, for iso codes.
 */
import {
  canonicalize,
  SCHEMA_VERSION,
  SPEC_RESOURCE_METHODS,
  type Language,
  type Resource,
  type StoreSchema,
  type SynopsisSource,
} from '../model/index.js';
import { applyCatalog, catalogVersionFor } from '../catalog/index.js';
import { loadCatalog } from '../catalog/load.js';
import { ConfigError, EXIT_FAILURE, IntrospectError, redactUrl, scrubSecrets } from '../errors.js';
import { didYouMean } from '../suggest.js';
import { AbandonedError, StoreHttp } from './http.js';
import { holdsKey, isStoreName, showName, STORE_NAME_RULE } from './names.js';
import { resolveIntrospectOptions, transportWarnings, type IntrospectOptions } from './options.js';
import { scrubStoreStrings } from './scrub.js';
import { pswsVersion, readLanguages, readListing, readResource, Run, type ListingOutcome, type Target } from './run.js';
import { readTimeZone } from './timezone.js';

export { resolveIntrospectOptions, transportWarnings, type IntrospectOptions, type SynopsisFormat } from './options.js';
export {
  probeStore,
  type Auth,
  type Entry,
  type Probe,
  type ProbeAnswer,
  type ProbeOptions,
  type ResourceCheck,
  type StoreObservations,
  type SynopsisCheck,
} from './probe.js';
export { parseErrorDocument, describeStoreErrors } from './parse-errors.js';
export {
  parseApiListing,
  parseLanguageList,
  parseListNodesName,
  type ApiListing,
  type ListingEntry,
} from './parse-listing.js';
export {
  JsonReadError,
  parseJsonSynopsis,
  parseXmlSynopsis,
  referenceFromHref,
  type JsonSynopsis,
  type ParsedSynopsis,
} from './parse-synopsis.js';
export { parseXmlDocument, repairNumericTags, XmlReadError, type XmlElement } from './xml.js';
export { BACKOFF_BASE_MS, MAX_BODY_BYTES, MAX_REDIRECTS, MAX_WAIT_MS } from './http.js';
export { badNames, isStoreName, showName, STORE_NAME_RE, STORE_NAME_RULE, type BadName } from './names.js';

export interface IntrospectSummary {
  resources: number;
  /** Top-level fields over all resources (association fields not counted). */
  fields: number;
  /** HTTP requests sent, retries and redirects included. */
  requests: number;
  retries: number;
  ms: number;
  /** True when the `/api` listing could not be read and the spec's list was used. */
  listingFallback: boolean;
  /** Resources per synopsis source. */
  sources: Record<SynopsisSource, number>;
  /** The bundled catalog applied (`8.2.0`), or null. */
  catalog: string | null;
  /** Fields whose catalog entry was applied, and fields found customised (synopsis differs). */
  catalogFields: number;
  customisedFields: number;
  warnings: string[];
}

export interface IntrospectResult {
  schema: StoreSchema;
  summary: IntrospectSummary;
}

function planTargets(run: Run, outcome: ListingOutcome): Target[] {
  const { include, exclude } = run.opts;
  const targets = new Map<string, Target>();
  if ('listing' in outcome) {
    for (const r of outcome.listing.resources) {
      targets.set(r.name, { name: r.name, description: r.description, keyMethods: r.keyMethods, origin: 'listing' });
    }
  } else {
    for (const [name, methods] of SPEC_RESOURCE_METHODS) {
      targets.set(name, { name, description: null, keyMethods: methods, origin: 'fallback' });
    }
  }
  // A name the listing lacks: a typo (refused, with the names it is close to) for --exclude, and
  // for --include when it is close to a listed name; otherwise an included hidden resource.
  const known = [...targets.keys()];
  for (const name of exclude) {
    if (targets.has(name)) continue;
    const where = 'listing' in outcome ? "the store's listing" : "the spec's resource list";
    throw new ConfigError(
      `"${name}" is not in ${where}${didYouMean(name, known) || '; check the spelling'}`,
      'exclude',
    );
  }
  for (const name of include) {
    if (targets.has(name)) continue;
    const close = didYouMean(name, known);
    if (close !== '')
      throw new ConfigError(
        `"${name}" is not in the store's listing${close} (an --include of a hidden resource must be spelled exactly)`,
        'include',
      );
    run.warn(`${name}: not in the listing; reading it because it is included (methods unknown, GET assumed)`);
    targets.set(name, { name, description: null, keyMethods: ['GET'], origin: 'include' });
  }
  for (const name of exclude) targets.delete(name);
  const sorted = [...targets.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const url = (): string => redactUrl(run.http.urlFor({ path: '/api', resource: null }));
  if (sorted.some((t) => holdsKey(t.name, run.opts.key))) {
    throw new IntrospectError(
      `${url()}: the listing names a resource that contains the API key; the store echoes the key, so nothing it sends can be trusted into a snapshot.`,
      {
        url: url(),
        resource: null,
        exitCode: EXIT_FAILURE,
      },
    );
  }
  const bad = sorted.find((t) => !isStoreName(t.name));
  if (bad !== undefined) {
    const url = redactUrl(run.http.urlFor({ path: '/api', resource: null }));
    throw new IntrospectError(
      `${url}: the listing names a resource the tool does not accept: ${showName(bad.name)} (${STORE_NAME_RULE}). ` +
        `Leave it out with --exclude ${JSON.stringify(bad.name)}.`,
      { url, resource: null, exitCode: EXIT_FAILURE },
    );
  }
  return sorted;
}

/** Reads a store's schema. Throws `IntrospectError` (store failures) or `ConfigError` (bad options). */
export async function introspectStore(options: IntrospectOptions): Promise<IntrospectResult> {
  const started = performance.now();
  const early: string[] = [];
  const opts = resolveIntrospectOptions(options, (m) => early.push(m));
  const http = new StoreHttp(opts.base, {
    key: opts.key,
    wsKey: opts.wsKey,
    concurrency: opts.concurrency,
    timeoutMs: opts.timeoutMs,
    retries: opts.retries,
    backoffBaseMs: opts.backoffBaseMs,
    tls: { ...(opts.ca === null ? {} : { ca: opts.ca }), insecure: opts.insecure },
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
  });
  const run = new Run(http, opts, options.onWarning);
  for (const w of early) run.warn(w);
  for (const w of transportWarnings(opts)) run.warn(w);
  try {
    const outcome = await readListing(run);
    if ('fallback' in outcome) {
      run.warn(
        `the /api listing could not be read (${outcome.fallback}); using the spec's resource list plus --include`,
      );
    } else {
      run.psVersion = pswsVersion(outcome.res) ?? run.psVersion;
    }
    const targets = planTargets(run, outcome);
    const mayReadLanguages =
      'listing' in outcome
        ? outcome.listing.resources.some((r) => r.name === 'languages' && r.keyMethods.includes('GET'))
        : targets.some((t) => t.name === 'languages');
    let done = 0;
    const failures: unknown[] = [];
    const guard = async <T>(work: () => Promise<T>): Promise<T | null> => {
      try {
        return await work();
      } catch (error) {
        failures.push(error);
        run.abort.abort();
        return null;
      }
    };
    const languagesPromise = mayReadLanguages ? guard(() => readLanguages(run)) : Promise.resolve(null);
    const mayReadConfigurations =
      'listing' in outcome &&
      outcome.listing.resources.some((r) => r.name === 'configurations' && r.keyMethods.includes('GET'));
    const timeZonePromise = mayReadConfigurations ? guard(() => readTimeZone(run)) : Promise.resolve(null);
    // At most `concurrency` resources at a time, each read to the end before the next starts:
    // resources finish one after another, so progress moves steadily (starting them all at once
    // queued every first request before any second one, and all finished near the end).
    const resources: (Resource | null)[] = new Array<Resource | null>(targets.length).fill(null);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < targets.length && failures.length === 0) {
        const i = next++;
        const t = targets[i]!;
        resources[i] = await guard(async () => {
          const r = await readResource(run, t);
          done++;
          options.onProgress?.(done, targets.length, t.name);
          return r;
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(opts.concurrency, targets.length) }, worker));
    const languageList = await languagesPromise;
    const timeZone = await timeZonePromise;
    if (failures.length > 0) {
      throw failures.find((f) => !(f instanceof AbandonedError)) ?? failures[0];
    }
    const kept = resources.filter((r): r is Resource => r !== null);
    const isoById = new Map((languageList ?? []).map((l) => [l.id, l.isoCode]));
    const ids = run.languageIds.size > 0 ? [...run.languageIds] : (languageList ?? []).map((l) => l.id);
    const languages: Language[] = ids.map((id) => ({ id, isoCode: isoById.get(id) ?? null }));
    let schema = canonicalize({
      schemaVersion: SCHEMA_VERSION,
      store: { psVersion: run.psVersion, languages, catalog: null, timeZone },
      resources: kept,
    });
    const catalogVersion = opts.catalog ? catalogVersionFor(run.psVersion) : null;
    let catalogCounts = { applied: 0, customised: 0 };
    if (catalogVersion !== null) {
      const applied = applyCatalog(schema, await loadCatalog(catalogVersion));
      schema = canonicalize(applied.schema);
      catalogCounts = applied.counts;
      for (const d of applied.diagnostics) run.warn(d.message);
    }
    const scrubbed = scrubStoreStrings(schema, opts.key);
    if (scrubbed.paths.length > 0) {
      schema = canonicalize(scrubbed.value);
      const where =
        scrubbed.paths.slice(0, 5).join(', ') +
        (scrubbed.paths.length > 5 ? `, and ${scrubbed.paths.length - 5} more` : '');
      run.warn(
        `the store echoes the API key into ${scrubbed.paths.length} value(s) (${where}); replaced by *** in the snapshot. Check the store's modules.`,
      );
    }
    const sources: Record<SynopsisSource, number> = { json: 0, xml: 0, none: 0 };
    for (const r of schema.resources) sources[r.synopsis.source]++;
    return {
      schema,
      summary: {
        resources: schema.resources.length,
        fields: schema.resources.reduce((n, r) => n + r.fields.length, 0),
        requests: http.requests,
        retries: http.retries,
        ms: Math.round(performance.now() - started),
        listingFallback: 'fallback' in outcome,
        sources,
        catalog: catalogVersion,
        catalogFields: catalogCounts.applied,
        customisedFields: catalogCounts.customised,
        warnings: run.warnings.map((w) => scrubSecrets(w, [opts.key])),
      },
    };
  } finally {
    await http.close();
  }
}
