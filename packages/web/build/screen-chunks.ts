import path from 'node:path';
import { build, type Rolldown } from 'vite';

/**
 * Chunks by first screen. Left to automatic splitting, the lazily loaded code of the first
 * pages is cut by "which lazy modules share it" into dozens of small files: the console home
 * loaded about 90 files and /register about 45. On HTTP/1.1's six connections each file costs a
 * round trip, which on a slow phone network (150 ms) is most of the time to first paint
 * (Lighthouse, docs/decisions.md "Delivery and first load").
 *
 * Here each screen of the list gets one chunk with what it runs that the entry, the code kept
 * apart and the screens before it do not already have. A later screen loads the earlier
 * screens' chunks it needs (the console's shell needs the registration's form), never the other
 * way round. Other pages' code is left to automatic splitting.
 *
 * What a screen runs is read from a first build with automatic splitting (without writing it):
 * the modules of the chunks that its page's dynamic import loads. The module graph before tree
 * shaking would not do: `import { Button } from 'antd'` imports every component there, and
 * antd's Input imports its Form's context, and with it the whole form library.
 */
const SCREENS: readonly { name: string; roots: readonly string[] }[] = [
  { name: 'register', roots: ['src/features/auth/pages/register-page.tsx'] },
  { name: 'console-login', roots: ['src/features/admin-auth/pages/admin-login-page.tsx'] },
  // What the three signed-in layouts (portal, console, vendor) all run.
  {
    name: 'shell',
    roots: [
      'src/app/layout/portal-layout.tsx',
      'src/app/layout/admin-layout.tsx',
      'src/app/layout/vendor-layout.tsx',
    ],
  },
  { name: 'console', roots: ['src/app/layout/admin-layout.tsx'] },
  { name: 'console-home', roots: ['src/features/admin-home/pages/admin-home-page.tsx'] },
];

/**
 * Left to automatic splitting with all they run: /login, which must stay within its 200 KB
 * budget and load nothing of the others, and what every page loads lazily (the document title's
 * code after the first paint, the toasts, the progress bar), which /login loads too.
 */
const KEPT_APART: readonly RegExp[] = [
  /[\\/]src[\\/]features[\\/]auth[\\/]pages[\\/]login-page\.tsx$/,
  /[\\/]src[\\/]app[\\/]shell[\\/]document-title\.tsx$/,
  /[\\/]node_modules[\\/]antd[\\/]es[\\/]message[\\/]index\.js$/,
  /[\\/]node_modules[\\/]nprogress[\\/]nprogress\.js$/,
];

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
  const modulesOf = (chunks: Iterable<Rolldown.OutputChunk>) =>
    [...chunks].flatMap((chunk) =>
      Object.entries(chunk.modules)
        .filter(([, module]) => module.renderedLength > 0)
        .map(([id]) => id),
    );
  const entry = output.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('screen-chunks: no entry chunk');
  const taken = new Set(modulesOf(loadedWith(entry)));
  for (const chunk of output) {
    if (chunk.facadeModuleId && KEPT_APART.some((re) => re.test(chunk.facadeModuleId!))) {
      for (const id of modulesOf(loadedWith(chunk))) taken.add(id);
    }
  }
  const owner = new Map<string, string>();
  const runs = (file: string) => {
    const chunk = output.find((c) => c.facadeModuleId === path.resolve(root, file));
    if (!chunk) throw new Error(`screen-chunks: ${file} is not a chunk of its own`);
    return new Set(modulesOf(loadedWith(chunk)));
  };
  for (const screen of SCREENS) {
    // What every root of the screen runs.
    const [first, ...others] = screen.roots.map(runs);
    for (const id of first!) {
      if (others.some((set) => !set.has(id))) continue;
      if (taken.has(id)) continue;
      taken.add(id);
      owner.set(id, screen.name);
    }
  }
  return owner;
}

/**
 * Runs the first build (the same config, not written) and returns the screens' groups, in the
 * list's order. A group takes only the modules given to it (the default would also take what
 * they import): a screen's modules import only the entry's, those kept apart and the earlier
 * screens', so no two chunks import each other.
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
  return SCREENS.map(({ name }) => ({
    name,
    test: (id: string) => owner.get(id) === name,
    includeDependenciesRecursively: false,
  }));
}
