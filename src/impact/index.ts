/**
 * `impact`: which lines of a user's TypeScript project the changes between two store schemas
 * affect. The pure parts (targets, report, renderers) are here; the ts-morph analysis lives in
 * `./analyze.js`, which callers import lazily.
 */
export { changeTargets, impactChanges, namesOf, targetLabel } from './targets.js';
export { buildImpactReport, type Finding, type ImpactReport } from './report.js';
export { renderImpact } from './render.js';
