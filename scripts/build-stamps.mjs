// Whether a build step (scripts/build-steps.mjs) is current: the files its input globs match
// are hashed by content, and compared with the stamp it wrote when it last ran. Content, not
// modification times: a git checkout, a copy or `touch` changes times without changing what
// the step would make, and a checkout that restores older files may leave times that look older
// than the build.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders never walked for inputs: dependencies (package-lock.json counts them) and outputs. */
const SKIPPED = new Set(['node_modules', 'dist', '.git']);

/** A glob (`**`, `*`, `?`, `{a,b}`) as a regular expression over '/'-separated paths. */
export function globRegExp(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` is any number of folders, a final `**` anything below.
      if (glob[i + 2] === '/') {
        re += '(?:[^/]+/)*';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end < 0) throw new Error(`unclosed { in ${glob}`);
      const options = glob.slice(i + 1, end).split(',');
      re += `(?:${options.map((o) => globRegExp(o).source.slice(1, -1)).join('|')})`;
      i = end;
    } else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** `a/{b,c}/d` as `a/b/d` and `a/c/d` (braces do not nest). */
export function expandBraces(glob) {
  const open = glob.indexOf('{');
  if (open < 0) return [glob];
  const close = glob.indexOf('}', open);
  if (close < 0) throw new Error(`unclosed { in ${glob}`);
  return glob
    .slice(open + 1, close)
    .split(',')
    .flatMap((o) => expandBraces(glob.slice(0, open) + o + glob.slice(close + 1)));
}

const WILD = /[*?]/;

/** The files under `root` that `globs` match (`!` globs leave out), sorted, '/'-separated. */
export function listInputs(root, globs) {
  const include = globs.filter((g) => !g.startsWith('!')).flatMap(expandBraces);
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => globRegExp(g.slice(1)));
  const found = new Set();
  const walk = (rel, test) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch (err) {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return;
      throw err;
    }
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(child, test);
      } else if (entry.isFile() && test.test(child)) found.add(child);
    }
  };
  for (const glob of include) {
    if (!WILD.test(glob)) {
      if (fs.statSync(path.join(root, glob), { throwIfNoEntry: false })?.isFile()) found.add(glob);
      continue;
    }
    // Walked from the folder its matches all lie under: its path up to the first wildcard.
    const parts = glob.split('/');
    const fixed = parts.findIndex((part) => WILD.test(part));
    walk(parts.slice(0, fixed).join('/'), globRegExp(glob));
  }
  return [...found].filter((f) => !exclude.some((re) => re.test(f))).sort();
}

/** Each input's content digest, and the digest of them all with the step's command. */
export function digestInputs(root, step) {
  const files = {};
  const all = createHash('sha256').update(JSON.stringify(step.command)).update('\n');
  for (const file of listInputs(root, step.inputs)) {
    const digest = createHash('sha256')
      .update(fs.readFileSync(path.join(root, file)))
      .digest('hex');
    files[file] = digest;
    all.update(`${file}\0${digest}\n`);
  }
  return { digest: all.digest('hex'), files };
}

export function readStamp(root, step) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, step.stamp), 'utf8'));
  } catch {
    return undefined;
  }
}

export function writeStamp(root, step, inputs) {
  const stamp = { step: step.name, command: step.command, ...inputs, builtAt: new Date() };
  fs.mkdirSync(path.dirname(path.join(root, step.stamp)), { recursive: true });
  fs.writeFileSync(path.join(root, step.stamp), `${JSON.stringify(stamp, null, 1)}\n`);
}

export function removeStamp(root, step) {
  fs.rmSync(path.join(root, step.stamp), { force: true });
}

/**
 * Why `step` must run again, or undefined when it is current: its outputs are there and its
 * inputs (and command) are what they were when it wrote its stamp. `inputs` is digestInputs'.
 */
export function staleReason(root, step, inputs) {
  const stamp = readStamp(root, step);
  if (!stamp) return 'not built yet';
  const missing = step.outputs.filter((f) => !fs.existsSync(path.join(root, f)));
  if (missing.length > 0) return `${missing.join(', ')} missing`;
  if (JSON.stringify(stamp.command) !== JSON.stringify(step.command)) return 'its command changed';
  if (stamp.digest === inputs.digest) return undefined;
  const before = stamp.files ?? {};
  const changed = [
    ...Object.keys(inputs.files).filter((f) => before[f] !== inputs.files[f]),
    ...Object.keys(before).filter((f) => !(f in inputs.files)),
  ];
  const shown = changed.slice(0, 3).join(', ') + (changed.length > 3 ? ', …' : '');
  return `${changed.length} input${changed.length === 1 ? '' : 's'} changed (${shown})`;
}
