// npm run lint (second half): fails when src/**/*.tsx contains literal human text in JSX.
// Every text must come from i18next t(...); allow a line with a `// i18n-ignore` (or {/* i18n-ignore */}) comment.

import { repoRoot } from './buildIfStale.mjs';
import { formatFinding, scanLiterals, textAttributes } from './literalScanner.mjs';

const findings = scanLiterals(repoRoot);
if (findings.length === 0) {
  console.log('checkLiterals: no literal text in JSX (src/**/*.tsx).');
  process.exit(0);
}
console.error(
  `checkLiterals: ${findings.length} literal text${findings.length === 1 ? '' : 's'} in JSX — use t('…'):`,
);
for (const finding of findings) console.error(`  ${formatFinding(finding)}`);
console.error(
  `(checked: JSX text, string children, and the attributes ${textAttributes.join(', ')}; ` +
    'mark deliberate exceptions with an `i18n-ignore` comment on the line or the line above.)',
);
process.exit(1);
