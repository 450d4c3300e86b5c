export { diagnose, type Diagnosis, type Finding, type FindingLevel } from './diagnose.js';
export { renderDiagnosis } from './render.js';
