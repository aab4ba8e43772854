import { RE2JS } from 're2js';

/**
 * A rule's glob, matched in time linear in the path (docs/decisions.md, "Log rule globs run on
 * RE2"). The glob is translated to RE2 syntax and run by re2js, an automaton that never
 * backtracks: `*a*a*a*a*a*a*a*a*b` against 54 `a`s costs what `*` does, where picomatch's
 * JavaScript RegExp took seconds and grew as n⁸ (issue 34).
 *
 * What a pattern means is what the rules page and docs/logs.md say, as picomatch read it:
 * - `*` any run of characters but `/` (a segment that is only `*` needs at least one);
 * - `**` as a whole segment: any number of folders, none included (`/srv/**` holds `/srv`);
 *   within a segment it is `*`;
 * - `?` one character but `/`; `[abc]`, `[a-z]`, `[!a]` or `[^a]` one of (not) those (a `/`
 *   written in a class is dropped; a range across it, such as `[!-0]`, still holds it);
 * - `{a,b}` either; `\` takes the next character as it is;
 * - without a `/`, the pattern matches the last part of the path (`*.exe`);
 * - dot files are matched like any other; case counts, as on Linux; a trailing `/` of the path
 *   is not needed to match (`/srv/*` holds `/srv/a/`).
 * Anything else is itself.
 */
export type Glob = (text: string) => boolean;

const ANY: Glob = () => true;

/** Characters RE2 would read as syntax inside and outside a class. */
const quoted = (c: string) => (/[\\^$.|?*+()[\]{}-]/.test(c) ? `\\${c}` : c);

/** `[...]` from `at` (its `[`): the RE2 class and where the glob goes on, or null if unclosed. */
function classAt(glob: string, at: number): { re: string; end: number } | null {
  let i = at + 1;
  let negated = false;
  if (glob[i] === '!' || glob[i] === '^') {
    negated = true;
    i++;
  }
  let body = '';
  // A `]` first is one of the characters, as in a shell.
  for (let first = true; i < glob.length; first = false) {
    const c = glob[i]!;
    if (c === ']' && !first) break;
    if (c === '\\' && i + 1 < glob.length) {
      body += quoted(glob[i + 1]!);
      i += 2;
    } else if (c === '/') {
      i++; // a folder's separator is never one of a class's characters
    } else if (c === '-' && !first && i + 1 < glob.length && glob[i + 1] !== ']') {
      body += '-';
      i++;
    } else {
      body += quoted(c);
      i++;
    }
  }
  if (i >= glob.length) return null;
  // A negated class never holds `/`: it stands for one character of one segment.
  return { re: negated ? `[^/${body}]` : `(?:[${body}])`, end: i + 1 };
}

/** Does the `{` at `at` have its `}`? Unclosed, it is a character like any other. */
function closes(glob: string, at: number): boolean {
  let depth = 0;
  for (let i = at; i < glob.length; i++) {
    if (glob[i] === '\\') i++;
    else if (glob[i] === '{') depth++;
    else if (glob[i] === '}' && --depth === 0) return true;
  }
  return false;
}

/**
 * The RE2 text of a glob (without anchors). `braces` counts the open ones: within one a `,`
 * separates choices and a `}` closes it.
 */
function translate(glob: string): string {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    const segmentStart = i === 0 || glob[i - 1] === '/';
    if (c === '*') {
      let stars = 1;
      while (glob[i + stars] === '*') stars++;
      const next = glob[i + stars];
      const wholeSegment = segmentStart && (next === undefined || next === '/');
      if (stars >= 2 && wholeSegment) {
        if (next === '/') {
          out += '(?:.*/)?'; // `**/`: any folders, none included
          i += stars; // the `/` too
          continue;
        }
        // A trailing `/**`: the folder itself or anything below it.
        out = out.endsWith('/') ? `${out.slice(0, -1)}(?:/.*)?` : `${out}.*`;
      } else {
        out += wholeSegment ? '[^/]+' : '[^/]*';
      }
      i += stars - 1;
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const cls = classAt(glob, i);
      if (cls) {
        out += cls.re;
        i = cls.end - 1;
      } else out += '\\[';
    } else if (c === '{' && closes(glob, i)) {
      braces++;
      out += '(?:';
    } else if (c === ',' && braces > 0) {
      out += '|';
    } else if (c === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (c === '\\' && i + 1 < glob.length) {
      out += quoted(glob[++i]!);
    } else {
      out += quoted(c);
    }
  }
  return out;
}

/** The RE2 expression a glob stands for, matched whole (exported for the tests). */
export function globSource(glob: string): string {
  const body = translate(glob);
  // A folder named with its trailing slash is still the folder, as picomatch read it.
  const whole = body.endsWith('/') ? body : `${body}/?`;
  return glob.includes('/') ? whole : `(?:.*/)?${whole}`;
}

const NONE: Glob = () => false;

/** A glob's RE2 program, or null for one RE2 refuses (a class such as `[z-a]`). */
function compiled(glob: string): RE2JS | null {
  try {
    return RE2JS.compile(globSource(glob), RE2JS.DOTALL);
  } catch {
    return null;
  }
}

/** Is this a glob a rule may hold? '' is: it matches everything. */
export const isGlob = (glob: string): boolean => glob === '' || compiled(glob) !== null;

/**
 * A rule's glob made ready to run; '' matches everything. One RE2 refuses (saved before rules
 * were checked at save) matches nothing: a broken rule must not drop or raise every event.
 */
export function globOf(glob: string): Glob {
  if (glob === '') return ANY;
  const re = compiled(glob);
  return re ? (text) => re.testExact(text) : NONE;
}
