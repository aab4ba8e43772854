import path from 'node:path';
import { build, type Rolldown } from 'vite';

/**
 * Chunks by first screen. Left to automatic splitting, the lazily loaded code of the first
 * pages is cut by "which lazy modules share it" into dozens of small files: the console home
 * loaded about 90 files, /register about 45 and /login 20. On HTTP/1.1's six connections each
 * file costs a round trip, which on a slow phone network (150 ms) is most of the time to first
 * paint (Lighthouse, docs/decisions.md "Delivery and first load").
 *
 * Here each screen of the list gets one chunk with what it runs that the entry and the screens
 * before it do not already have. A later screen loads the earlier screens' chunks it needs (the
 * registration needs /login's inputs), never the other way round: /login loads the same code as
 * before, in one file. Other pages' code is left to automatic splitting.
 *
 * What a screen runs is read from a first build with automatic splitting (without writing it):
 * the modules of the chunks that its roots' dynamic imports load. The module graph before tree
 * shaking would not do: `import { Button } from 'antd'` imports every component there, and
 * antd's Input imports its Form's context, and with it the whole form library.
 */
/**
 * Roots whose modules an earlier screen gives to a chunk of its own (`<screen>-<name>`), so
 * that they do not load the whole of that screen's chunk for what they share with it: the first
 * group that runs a module takes it. No part of the app may run zod (the build stops).
 * - console: what a signed-in console user's first visit runs, the console's layout and home
 *   (not, say, all of /login's chunk for its input, or the console login's form library for its
 *   texts);
 * - lists: the device list and the monitoring log, opened first from a bookmark or a link more
 *   than any other console page (which would otherwise load the login pages' chunks whole, about
 *   a fifth of their first load).
 */
const HOME = 'src/features/admin-home/pages/admin-home-page.tsx';
const CONSOLE = { name: 'console', roots: ['src/app/layout/admin-layout.tsx', HOME] };
const DEVICE_LIST = 'src/features/admin-devices/pages/admin-devices-page.tsx';
const MONITOR_LOG = 'src/features/admin-logs/pages/admin-monitor-log-page.tsx';
const LISTS = { name: 'lists', roots: [DEVICE_LIST, MONITOR_LOG] };
const FIRST_VISITS = [CONSOLE, LISTS];
const SCREENS: readonly {
  name: string;
  roots: readonly string[];
  /** Only what every root runs. */
  common?: true;
  /** What one of these groups runs too goes to a chunk of the group's, before the screen's. */
  splitFor?: readonly { name: string; roots: readonly string[] }[];
}[] = [
  { name: 'login', roots: ['src/features/auth/pages/login-page.tsx'], splitFor: FIRST_VISITS },
  // What every page loads lazily, /login too: the document title's code after the first paint
  // and the progress bar; the toasts, on the first toast (the console's shell shows them too).
  {
    name: 'deferred',
    roots: ['src/app/shell/document-title.tsx', 'node_modules/nprogress/nprogress.js'],
  },
  { name: 'toasts', roots: ['node_modules/antd/es/message/index.js'], splitFor: FIRST_VISITS },
  {
    name: 'register',
    roots: ['src/features/auth/pages/register-page.tsx'],
    splitFor: FIRST_VISITS,
  },
  // What the console's login shares with the console's layout or home (its texts, mostly), so
  // that the console does not load the login's form library with it.
  {
    name: 'console-login',
    roots: ['src/features/admin-auth/pages/admin-login-page.tsx'],
    splitFor: FIRST_VISITS,
  },
  // What the three signed-in layouts (portal, console, vendor) all run.
  {
    name: 'shell',
    roots: [
      'src/app/layout/portal-layout.tsx',
      'src/app/layout/admin-layout.tsx',
      'src/app/layout/vendor-layout.tsx',
    ],
    common: true,
  },
  { name: 'console', roots: ['src/app/layout/admin-layout.tsx'] },
  { name: 'console-home', roots: [HOME], splitFor: [LISTS] },
];

const splitName = (screen: string, group: string) => `${screen}-${group}`;
/**
 * zod's modules. The browser has no use for the schemas (build/api-calls-plugin.ts), and they
 * cost a page about 25 KB and their set-up: zod reached the monitoring log, then thirteen other
 * pages, through the plain values of modules of schemas (`contracts/*-values.ts` now hold those).
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

const CSS_MODULE = /\.css(?:$|\?)/;

/** Set while the first build runs, so that its config leaves this step out. */
export const PLANNING = 'EDP_SCREEN_CHUNKS_PLANNING';

export interface ScreenGroup {
  name: string;
  test: (id: string) => boolean;
  includeDependenciesRecursively: false;
}

/** Which screen's chunk each module goes to, from the chunks of a build without the groups. */
export function planScreens(root: string, output: readonly Rolldown.OutputChunk[]) {
  const byFile = new Map(output.map((chunk) => [chunk.fileName, chunk]));
  const loadedWith = (chunk: Rolldown.OutputChunk) => {
    const seen = new Set<Rolldown.OutputChunk>();
    const stack = [chunk];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      for (const file of next.imports) if (byFile.has(file)) stack.push(byFile.get(file)!);
    }
    return seen;
  };
  // A style sheet's module renders no code but brings its CSS: without it here, each sheet
  // that several screens share would be a file (and a round trip) of its own.
  const modulesOf = (chunks: Iterable<Rolldown.OutputChunk>) =>
    [...chunks].flatMap((chunk) =>
      Object.entries(chunk.modules)
        .filter(([id, module]) => module.renderedLength > 0 || CSS_MODULE.test(id))
        .map(([id]) => id),
    );
  const entry = output.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('screen-chunks: no entry chunk');
  const taken = new Set(modulesOf(loadedWith(entry)));
  // A root is a path in this package or, for a package's module, the end of its path. What its
  // dynamic import loads is the chunk that holds it (its own, or one it shares) with that
  // chunk's imports.
  const isRoot = (file: string) => (id: string) =>
    file.startsWith('node_modules/')
      ? id.replaceAll('\\', '/').endsWith(`/${file}`)
      : id === path.resolve(root, file);
  // Each root read once: the groups' roots are asked again by every screen that splits for them.
  const read = new Map<string, Set<string>>();
  const runs = (file: string) => {
    const known = read.get(file);
    if (known) return known;
    const chunk = output.find((c) => c.moduleIds.some(isRoot(file)));
    if (!chunk) throw new Error(`screen-chunks: ${file} is not in the build`);
    const ids = new Set(modulesOf(loadedWith(chunk)));
    read.set(file, ids);
    return ids;
  };
  // No part of the app runs zod: the entry, and every lazily loaded part with what it loads.
  for (const chunk of output.filter((c) => c.isEntry || c.isDynamicEntry)) {
    const zod = modulesOf(loadedWith(chunk)).find((id) => ZOD.test(id));
    if (zod) {
      const part = path.relative(root, chunk.facadeModuleId ?? chunk.fileName);
      throw new Error(
        `screen-chunks: ${part} runs zod (${zod}): import plain values from a module without schemas (contracts/*-values.ts)`,
      );
    }
  }
  const owner = new Map<string, string>();
  for (const screen of SCREENS) {
    const sets = screen.roots.map(runs);
    const groups = (screen.splitFor ?? []).map((group) => ({
      name: group.name,
      runs: group.roots.map(runs),
    }));
    // What any root runs, or with `common` what every root runs.
    const ids = screen.common
      ? [...sets[0]!].filter((id) => sets.every((set) => set.has(id)))
      : sets.flatMap((set) => [...set]);
    for (const id of ids) {
      if (taken.has(id)) continue;
      taken.add(id);
      const group = groups.find((g) => g.runs.some((set) => set.has(id)));
      owner.set(id, group ? splitName(screen.name, group.name) : screen.name);
    }
  }
  return owner;
}

/**
 * Runs the first build (the same config, not written) and returns the screens' groups, in the
 * list's order. A group takes only the modules given to it (the default would also take what
 * they import): a screen's modules import only the entry's and the earlier screens', so no two
 * chunks import each other.
 */
export async function screenGroups(root: string, configFile: string): Promise<ScreenGroup[]> {
  process.env[PLANNING] = '1';
  let result;
  try {
    result = await build({ configFile, root, logLevel: 'warn', build: { write: false } });
  } finally {
    delete process.env[PLANNING];
  }
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs
    .flatMap((o) => o.output)
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const owner = planScreens(root, chunks);
  return SCREENS.flatMap(({ name, splitFor = [] }) => [
    ...splitFor.map((group) => splitName(name, group.name)),
    name,
  ]).map((name) => ({
    name,
    test: (id: string) => owner.get(id) === name,
    includeDependenciesRecursively: false as const,
  }));
}
