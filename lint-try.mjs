import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
const mode = process.argv[2] ?? 'recommended';
const dirs = process.argv.slice(3);
const configs = mode === 'strict' ? [...tseslint.configs.strictTypeChecked, { languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['*.ts'] }, tsconfigRootDir: process.cwd() } } }] : tseslint.configs.recommended;
const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'] }, ...configs] });
const results = await eslint.lintFiles(dirs);
const counts = {};
let n = 0;
for (const r of results) for (const m of r.messages) { counts[m.ruleId] = (counts[m.ruleId] ?? 0) + 1; n++; if (process.env.SHOW && counts[m.ruleId] <= 3) console.log(r.filePath.replace(process.cwd(), ''), m.line, m.ruleId, m.message); }
console.log(n, counts);
