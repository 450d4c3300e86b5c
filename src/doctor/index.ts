export { diagnose, type Diagnosis, type Finding } from './diagnose.js';
export { renderDiagnosis } from './render.js';
