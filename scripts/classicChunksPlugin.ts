import { type Plugin, parseAst, type Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The global the classic scripts register their chunk's body under, by the module chunk's file name. */
const registry = '__aisleChunks';

interface Node {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [key: string]: unknown;
}

/** Words a binding cannot be named (an export can). */
const reserved = new Set(
  'await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield'.split(
    ' ',
  ),
);

/** A property key: bare when it is a name (reserved words included), quoted otherwise. */
const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The nodes directly under `node`, in source order. */
function* childrenOf(node: Node): Generator<Node> {
  for (const value of Object.values(node))
    for (const item of Array.isArray(value) ? value : [value]) if (isNode(item)) yield item;
}

/** Every node under `node`, parents first. */
function* nodesOf(node: Node): Generator<Node> {
  yield node;
  for (const child of childrenOf(node)) yield* nodesOf(child);
}

const nameOf = (node: unknown): string => {
  if (!isNode(node)) throw new Error('classic chunks: a specifier without a name');
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'Literal') return String(node.value);
  throw new Error(`classic chunks: unexpected specifier ${node.type}`);
};

const isFunction = (node: Node): boolean =>
  node.type === 'FunctionDeclaration' ||
  node.type === 'FunctionExpression' ||
  node.type === 'ArrowFunctionExpression';

/** The names a binding pattern (or an assignment's target) declares or assigns. */
const patternNames = (node: unknown): string[] => {
  if (!isNode(node)) return [];
  switch (node.type) {
    case 'Identifier':
      return [node.name as string];
    case 'ObjectPattern':
      return (node.properties as Node[]).flatMap((p) => patternNames(p.type === 'RestElement' ? p : p.value));
    case 'ArrayPattern':
      return (node.elements as unknown[]).flatMap(patternNames);
    case 'AssignmentPattern':
      return patternNames(node.left);
    case 'RestElement':
      return patternNames(node.argument);
    default:
      return [];
  }
};

/** Nodes under `node` without entering nested functions. */
function* ownNodes(node: Node): Generator<Node> {
  for (const child of childrenOf(node)) {
    yield child;
    if (!isFunction(child)) yield* ownNodes(child);
  }
}

/** Names `var` declares anywhere in a function's body (hoisted to the function). */
const varNames = (body: Node): string[] =>
  [...ownNodes(body)]
    .filter((n) => n.type === 'VariableDeclaration' && n.kind === 'var')
    .flatMap((n) => (n.declarations as Node[]).flatMap((d) => patternNames(d.id)));

/** Names a block's own statements declare with let, const, class or function. */
const blockNames = (statements: readonly Node[]): string[] =>
  statements.flatMap((n) =>
    n.type === 'VariableDeclaration' && n.kind !== 'var'
      ? (n.declarations as Node[]).flatMap((d) => patternNames(d.id))
      : (n.type === 'FunctionDeclaration' || n.type === 'ClassDeclaration') && isNode(n.id)
        ? [n.id.name as string]
        : [],
  );

/**
 * The top-level names among `watched` that code inside a function assigns (a local of the same name, which a
 * minifier reuses freely, does not count). Such a binding may change after the chunk ran.
 */
const assignedFromFunctions = (program: Node, watched: ReadonlySet<string>): string[] => {
  const found = new Set<string>();
  const visit = (node: Node, scopes: readonly ReadonlySet<string>[], inFunction: boolean): void => {
    let inner = scopes;
    if (isFunction(node)) {
      const own = new Set([
        ...(node.params as Node[]).flatMap(patternNames),
        ...(isNode(node.body) ? varNames(node.body) : []),
        ...(node.type === 'FunctionExpression' && isNode(node.id) ? [node.id.name as string] : []),
      ]);
      inner = [...scopes, own];
    } else if (node.type === 'BlockStatement' || node.type === 'StaticBlock') {
      inner = [...scopes, new Set(blockNames(node.body as Node[]))];
    } else if (node.type === 'SwitchStatement') {
      inner = [...scopes, new Set(blockNames((node.cases as Node[]).flatMap((c) => c.consequent as Node[])))];
    } else if (
      (node.type === 'ForStatement' || node.type === 'ForInStatement' || node.type === 'ForOfStatement') &&
      isNode(node.init ?? node.left)
    ) {
      const head = (node.init ?? node.left) as Node;
      if (head.type === 'VariableDeclaration' && head.kind !== 'var')
        inner = [...scopes, new Set((head.declarations as Node[]).flatMap((d) => patternNames(d.id)))];
    } else if (node.type === 'CatchClause') {
      inner = [...scopes, new Set(patternNames(node.param))];
    }
    const nowInFunction = inFunction || isFunction(node);
    const target =
      node.type === 'AssignmentExpression'
        ? node.left
        : node.type === 'UpdateExpression'
          ? node.argument
          : null;
    if (nowInFunction && target)
      for (const name of patternNames(target))
        if (watched.has(name) && !inner.some((scope) => scope.has(name))) found.add(name);
    for (const child of childrenOf(node)) visit(child, inner, nowInFunction);
  };
  for (const statement of program.body as Node[]) visit(statement, [], false);
  return [...found];
};

const hasTopLevelAwait = (statement: Node): boolean =>
  !isFunction(statement) &&
  [statement, ...ownNodes(statement)].some(
    (n) => n.type === 'AwaitExpression' || (n.type === 'ForOfStatement' && n.await === true),
  );

/** The chunks `chunk` reaches through static imports, itself left out unless a cycle leads back to it. */
const reached = (bundle: OutputBundle, chunk: OutputChunk): Set<string> => {
  const seen = new Set<string>();
  const stack = [...chunk.imports];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    const imported = bundle[next];
    if (imported?.type === 'chunk') stack.push(...imported.imports);
  }
  return seen;
};

/**
 * Rewrites one module chunk into a classic script (its body in a function registered on a global) and a small
 * module of the same name that runs that function and re-exports what it returns. Throws when the chunk does
 * something the rewrite cannot keep: a top-level await, an exported binding assigned after the chunk ran (a
 * module's export is live; the re-export is a copy), or an import cycle through the chunk.
 */
export const toClassic = (
  code: string,
  file: string,
  classicUrl: string,
): { readonly classic: string; readonly module: string } => {
  const program = parseAst(code) as unknown as Node & { readonly body: readonly Node[] };
  const edits: { start: number; end: number; text: string }[] = [];
  const imports: { source: string; bindings: [string, string][]; namespace?: string }[] = [];
  const exported: [string, string][] = [];
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      const specifiers = statement.specifiers as readonly Node[];
      const entry: (typeof imports)[number] = {
        source: String((statement.source as Node).value),
        bindings: [],
      };
      for (const s of specifiers) {
        const local = nameOf(s.local);
        if (s.type === 'ImportNamespaceSpecifier') entry.namespace = local;
        else if (s.type === 'ImportDefaultSpecifier') entry.bindings.push(['default', local]);
        else entry.bindings.push([nameOf(s.imported), local]);
      }
      imports.push(entry);
      edits.push({ start: statement.start, end: statement.end, text: '' });
    } else if (statement.type === 'ExportNamedDeclaration') {
      if (statement.declaration || statement.source)
        throw new Error(`classic chunks: ${file} has an export form the rewrite does not handle`);
      for (const s of statement.specifiers as readonly Node[])
        exported.push([nameOf(s.exported), nameOf(s.local)]);
      edits.push({ start: statement.start, end: statement.end, text: '' });
    } else if (statement.type === 'ExportDefaultDeclaration' || statement.type === 'ExportAllDeclaration') {
      throw new Error(`classic chunks: ${file} has an export form the rewrite does not handle`);
    }
  }
  for (const node of nodesOf(program)) {
    if (node.type === 'MetaProperty') edits.push({ start: node.start, end: node.end, text: '__meta' });
  }
  const late = assignedFromFunctions(program, new Set(exported.map(([, local]) => local)));
  if (late.length)
    throw new Error(`classic chunks: ${file} assigns its exports ${late.join(', ')} after it ran`);
  if (program.body.some((statement) => hasTopLevelAwait(statement)))
    throw new Error(`classic chunks: ${file} has a top-level await`);
  edits.sort((a, b) => b.start - a.start);
  let body = code;
  for (const edit of edits) body = body.slice(0, edit.start) + edit.text + body.slice(edit.end);
  const preamble = imports
    .map((entry, i) => {
      const parts: string[] = [];
      if (entry.namespace) parts.push(`${entry.namespace}=__deps[${i}]`);
      if (entry.bindings.length)
        parts.push(
          `{${entry.bindings.map(([name, local]) => `${key(name)}:${local}`).join(',')}}=__deps[${i}]`,
        );
      return parts.length ? `const ${parts.join(',')};` : '';
    })
    .join('');
  const result = `return{${exported.map(([name, local]) => `${key(name)}:${local}`).join(',')}}`;
  const classic = `(self.${registry}??={})[${JSON.stringify(file)}]=function(__meta,__deps){"use strict";${preamble}${body}\n${result}};\n`;
  // Names a `const` can take are re-exported by destructuring; reserved words (`in`, `do`) by their string name.
  const plain = exported
    .map(([name]) => name)
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && !reserved.has(name));
  const other = exported.map(([name]) => name).filter((name) => !plain.includes(name));
  const module = [
    ...imports.map((entry, i) => `import*as __d${i} from${JSON.stringify(entry.source)};`),
    `if(!self.${registry}?.[${JSON.stringify(file)}])await new Promise((ok,fail)=>{const s=document.createElement("script");s.src=new URL(${JSON.stringify(classicUrl)},import.meta.url).href;s.onload=ok;s.onerror=()=>fail(new Error("not loaded: "+s.src));document.head.append(s)});`,
    `const __m=self.${registry}[${JSON.stringify(file)}](import.meta,[${imports.map((_, i) => `__d${i}`).join(',')}]);`,
    `export const{${plain.join(',')}}=__m;`,
    ...(other.length
      ? [
          `const{${other.map((name, i) => `${JSON.stringify(name)}:__x${i}`).join(',')}}=__m;`,
          `export{${other.map((name, i) => `__x${i} as ${JSON.stringify(name)}`).join(',')}};`,
        ]
      : []),
  ].join('');
  return { classic, module };
};

/**
 * The chunks named in `names` become classic scripts (see toClassic): Chromium keeps a code cache only for classic
 * scripts its service worker's cache holds, never for module scripts, so at every offline start the terminal's
 * first-load code was compiled again on the main thread. See docs/decisions.md.
 */
export const classicChunksPlugin = (names: readonly string[]): Plugin => ({
  name: 'aisle-classic-chunks',
  apply: 'build',
  enforce: 'post',
  // After Vite's own generateBundle, which writes the lazy imports' preload lists into the chunks.
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk' || !names.includes(chunk.name)) continue;
        if (reached(bundle, chunk).has(file))
          throw new Error(`classic chunks: ${file} is in an import cycle`);
        const base = file.split('/').pop() ?? file;
        const classicFile = file.replace(/\.js$/, '.classic.js');
        const { classic, module } = toClassic(chunk.code, base, `./${classicFile.split('/').pop()}`);
        chunk.code = module;
        chunk.map = null;
        this.emitFile({ type: 'asset', fileName: classicFile, source: classic });
        // A chunk the page names (the entry, or a chunk it imports first): its classic script runs (defines the
        // function) before the page's module scripts run, fetched in parallel with them instead of after.
        const html = bundle['index.html'];
        if (
          html?.type === 'asset' &&
          typeof html.source === 'string' &&
          html.source.includes(`src="/${file}"`)
        )
          html.source = html.source.replace(
            '<script type="module"',
            `<script defer src="/${classicFile}"></script>\n    <script type="module"`,
          );
      }
    },
  },
});
