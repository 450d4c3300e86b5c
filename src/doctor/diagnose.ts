/**
 * `doctor`'s diagnosis: from what the probes saw (src/introspect/probe.ts) to findings in plain
 * words, each problem with how to fix it. Pure: no I/O, no clock.
 */
import { networkHint } from '../errors.js';
import type { Probe, ProbeAnswer, ResourceCheck, StoreObservations } from '../introspect/probe.js';

export type FindingLevel = 'ok' | 'info' | 'problem';

export interface Finding {
  readonly level: FindingLevel;
  /** Stable identifier, for tests and scripts (`webservice-disabled`, `authorization-stripped`, ...). */
  readonly code: string;
  /** One sentence, plain words. */
  readonly title: string;
  /** Extra lines: what was seen. */
  readonly detail: readonly string[];
  /** What to do (problems always have one). */
  readonly fix: string | null;
}

export interface Diagnosis {
  readonly base: string;
  readonly findings: readonly Finding[];
  readonly problems: number;
}

const finding = (
  level: FindingLevel,
  code: string,
  title: string,
  detail: readonly string[] = [],
  fix: string | null = null,
): Finding => ({
  level,
  code,
  title,
  detail,
  fix,
});

const hasCode = (a: ProbeAnswer, ...codes: number[]): boolean =>
  a.errors?.some((e) => e.code !== null && codes.includes(e.code)) ?? false;

const FIX_WEBSERVICE =
  'In the back office: Advanced Parameters > Webservice > "Enable PrestaShop\'s webservice" = Yes, then Save.';
const FIX_REWRITE =
  'Turn URL rewriting on: Shop Parameters > Traffic & SEO > "Friendly URL" = Yes, which regenerates .htaccess. On Apache, ' +
  'the directory needs "AllowOverride All" and mod_rewrite; on nginx add: rewrite ^/api/?(.*)$ /webservice/dispatcher.php?url=$1 last;';
const FIX_AUTH_HEADER =
  'Make the web server pass the Authorization header to PHP. Apache with CGI/FastCGI: add "CGIPassAuth On" (Apache 2.4.13+) or ' +
  '"SetEnvIf Authorization \\"(.*)\\" HTTP_AUTHORIZATION=$1" to .htaccess; nginx + PHP-FPM: fastcgi_param HTTP_AUTHORIZATION $http_authorization;. ' +
  "As a last resort, pass --ws-key (the key then appears in the store's access logs).";
const FIX_KEY =
  'Check --key (or PRESTASHOP_API_KEY) against Advanced Parameters > Webservice, and that the key is enabled.';

/** What a non-listing answer of the webservice root means. Null when the root gave a listing. */
function rootProblem(p: Probe, roots: readonly Probe[]): Finding[] {
  if (!p.ok) {
    const fix =
      networkHint(p.error) ??
      'check --url (scheme, host, port, path), that the store is up, and that this machine may reach it';
    return [
      finding(
        'problem',
        'unreachable',
        'The store cannot be reached.',
        [p.error],
        `${fix.charAt(0).toUpperCase()}${fix.slice(1)}.`,
      ),
    ];
  }
  const a = p.answer;
  if (a.status === 503 && hasCode(a, 22)) {
    return [
      finding(
        'problem',
        'webservice-disabled',
        'The webservice is disabled on this store (503, code 22).',
        [a.url],
        FIX_WEBSERVICE,
      ),
    ];
  }
  if (a.status === 401) {
    if (hasCode(a, 16, 17, 18)) {
      return [
        finding(
          'problem',
          'key-malformed',
          "The store rejects the key's format: a webservice key is 32 characters.",
          [a.problem ?? a.url],
          FIX_KEY,
        ),
      ];
    }
    if (hasCode(a, 20, 21)) {
      return [
        finding(
          'problem',
          'key-unknown',
          'The store does not know this key, or the key is disabled.',
          [a.problem ?? a.url],
          FIX_KEY,
        ),
      ];
    }
    if (a.errors === null) {
      const triedWsKey = roots.some((r) => r.auth === 'ws_key');
      return [
        finding(
          'problem',
          'no-key-received',
          triedWsKey
            ? 'No key reaches PrestaShop, neither as HTTP Basic nor as ws_key: something in front of the store drops it.'
            : 'The store answered 401 without a PrestaShop error: the key never reached PrestaShop.',
          [a.url],
          triedWsKey ? 'Check proxies and the web server configuration in front of PrestaShop.' : FIX_AUTH_HEADER,
        ),
      ];
    }
    return [finding('problem', 'key-refused', 'The store refuses the key.', [a.problem ?? a.url], FIX_KEY)];
  }
  if (a.status === 403 && hasCode(a, 132)) {
    return [
      finding(
        'problem',
        'key-not-in-shop',
        'The key is not associated with this shop.',
        [a.problem ?? a.url],
        'Edit the key in Advanced Parameters > Webservice and tick this shop.',
      ),
    ];
  }
  if (!a.fromPrestaShop) {
    return [
      finding(
        'problem',
        'not-a-webservice',
        `No PrestaShop webservice answers at ${a.url} (HTTP ${a.status}${a.html ? ', an HTML page' : ''}).`,
        roots.filter((r) => r !== p).map((r) => (r.ok ? `${r.answer.url}: HTTP ${r.answer.status}` : r.error)),
        "--url must be the shop's base address, the part before /api (https://shop.example, or https://example.com/shop for a shop in a sub-directory).",
      ),
    ];
  }
  return [
    finding(
      'problem',
      'bad-listing',
      `The webservice root answered, but not with a resource listing.`,
      [a.problem ?? `${a.url}: HTTP ${a.status}`],
      "Check the store's error log for this request.",
    ),
  ];
}

function permissionFindings(obs: StoreObservations): Finding[] {
  const { names, source } = obs.asked;
  const what = source === 'include' ? 'you asked for (--include)' : 'the spec lists';
  const noPermission: string[] = [];
  const unknown: string[] = [];
  const failed: string[] = [];
  const describe = (c: ResourceCheck): 'no-permission' | 'unknown' | 'readable' | 'failed' => {
    if (!c.probe.ok) return 'failed';
    const a = c.probe.answer;
    if (a.status === 400 && hasCode(a, 27)) return 'unknown';
    if ((a.status === 401 && hasCode(a, 26)) || (a.status === 405 && hasCode(a, 25)) || !c.listed)
      return 'no-permission';
    if (a.status >= 200 && a.status <= 299) return 'readable';
    return 'failed';
  };
  for (const c of obs.unreadable) {
    const kind = describe(c);
    if (kind === 'no-permission') noPermission.push(c.resource);
    else if (kind === 'unknown') unknown.push(c.resource);
    else if (kind === 'failed')
      failed.push(
        c.probe.ok ? (c.probe.answer.problem ?? `${c.resource}: HTTP ${c.probe.answer.status}`) : c.probe.error,
      );
  }
  const out: Finding[] = [];
  if (noPermission.length > 0) {
    out.push(
      finding(
        'problem',
        'missing-permissions',
        `The key may not read ${noPermission.length} of the ${names.length} resources ${what}: ${noPermission.join(', ')}.`,
        [],
        `In Advanced Parameters > Webservice, edit the key and tick "View (GET)" for: ${noPermission.join(', ')}. ` +
          `Or leave them out with --exclude ${noPermission.join(',')}.`,
      ),
    );
  }
  if (unknown.length > 0) {
    out.push(
      source === 'include'
        ? finding(
            'problem',
            'unknown-resources',
            `The store has no resource named ${unknown.join(', ')} (400, code 27).`,
            [],
            'Check the names given to --include (the /api listing shows what the store has).',
          )
        : finding(
            'info',
            'spec-resources-absent',
            `This store has no ${unknown.join(', ')}, which the spec lists; they are left out.`,
          ),
    );
  }
  if (failed.length > 0) {
    out.push(
      finding('problem', 'resource-errors', 'Some resources could not be checked.', failed, 'See the messages above.'),
    );
  }
  if (out.length === 0 || (noPermission.length === 0 && failed.length === 0 && source === 'spec')) {
    const readable = names.length - noPermission.length - unknown.length - failed.length;
    out.unshift(
      finding('ok', 'permissions', `The key may read all ${readable} of the resources ${what} that the store has.`),
    );
  }
  return out;
}

function synopsisFindings(obs: StoreObservations): Finding[] {
  const s = obs.synopsis;
  if (s === null) return [finding('info', 'synopsis-unchecked', 'No readable resource with a synopsis to check.')];
  if (s.json === 'schema') {
    return [
      finding('ok', 'synopsis-json', `The JSON synopsis of ${s.resource} carries field metadata; introspect uses it.`),
    ];
  }
  const out: Finding[] = [
    s.json === 'no-metadata'
      ? finding(
          'info',
          'synopsis-json-lossy',
          'The JSON synopsis is lossy, as on every PrestaShop 1.7 to 9: introspect reads the XML synopsis instead.',
          [`${s.resource}: ${s.jsonReason ?? 'no field metadata'}`],
        )
      : finding(
          'info',
          'synopsis-json-lossy',
          `The JSON synopsis of ${s.resource} is unusable: introspect reads the XML synopsis instead.`,
          [s.jsonReason ?? 'unknown reason'],
        ),
  ];
  if (s.xml !== null && s.xml.readable)
    out.push(finding('ok', 'synopsis-xml', `The XML synopsis of ${s.resource} reads fine.`));
  else {
    out.push(
      finding(
        'problem',
        'synopsis-unreadable',
        `Neither synopsis of ${s.resource} can be read.`,
        [s.xml?.reason ?? 'not read'],
        "Check the store's error log for this request (PHP notices turn into 500s in production).",
      ),
    );
  }
  return out;
}

function versionFinding(version: string | null): Finding {
  if (version === null)
    return finding('info', 'version-unknown', 'The store does not say its version (no PSWS-Version header).');
  const notes = /^1\.7\./.test(version) ? ' (no PATCH before 8.0: updates are full PUTs)' : '';
  return finding('info', 'version', `PrestaShop ${version}${notes}.`);
}

export function diagnose(obs: StoreObservations): Diagnosis {
  const findings: Finding[] = [];
  const [first] = obs.roots;
  const working = obs.working;
  const rewriteOff =
    first !== undefined &&
    first.ok &&
    !first.answer.fromPrestaShop &&
    obs.roots.some((r) => r.entry === 'dispatcher' && r.ok && r.answer.fromPrestaShop);
  if (rewriteOff) {
    findings.push(
      finding(
        'problem',
        'url-rewriting-off',
        `URL rewriting is off: ${obs.base.replace(/\/$/, '')}/api is not the webservice (HTTP ${first.answer.status}), but /webservice/dispatcher.php?url= is.`,
        [],
        FIX_REWRITE,
      ),
    );
  }
  const noKey = (a: ProbeAnswer): boolean => a.status === 401 && a.errors === null;
  const basicNoKey = obs.roots.find((r) => r.auth === 'basic' && r.ok && r.answer.fromPrestaShop && noKey(r.answer));
  const wsKeyReceived = obs.roots.some(
    (r) => r.auth === 'ws_key' && r.ok && r.answer.fromPrestaShop && !noKey(r.answer),
  );
  if (basicNoKey !== undefined && basicNoKey.ok && wsKeyReceived) {
    findings.push(
      finding(
        'problem',
        'authorization-stripped',
        'The web server drops the Authorization header: the key reaches PrestaShop as ws_key but not as HTTP Basic.',
        [`${basicNoKey.answer.url}: 401 without a PrestaShop error`],
        FIX_AUTH_HEADER,
      ),
    );
  }
  if (working === null || !working.ok) {
    // When a later probe reached PrestaShop (dispatcher, ws_key), its answer is the one that matters.
    const decisive = [...obs.roots].reverse().find((r) => r.ok && r.answer.fromPrestaShop) ?? first;
    if (decisive !== undefined) findings.push(...rootProblem(decisive, obs.roots));
  } else {
    const listing = working.answer.listing!;
    findings.push(
      finding(
        'ok',
        'webservice',
        `The webservice answers at ${working.answer.url} and accepts the key (${listing.resources.length} resources visible to it${working.auth === 'ws_key' ? ', with ws_key' : ''}).`,
      ),
    );
    findings.push(versionFinding(working.answer.version));
    findings.push(...permissionFindings(obs));
    findings.push(...synopsisFindings(obs));
  }
  return { base: obs.base, findings, problems: findings.filter((f) => f.level === 'problem').length };
}
