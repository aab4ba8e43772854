// FLEET_CPU_PROFILE (bench/lib/fleet-server.ts): where the server's own CPU goes over a span,
// by V8's sampling profiler (node:inspector, in this process). The profile is written whole
// (open it in Chrome's DevTools) and its top functions by self time go to stderr.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

export function profileCpu(startS: number, seconds: number, top = 25) {
  setTimeout(async () => {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await session.post('Profiler.start');
    console.error(`cpu profile: started for ${seconds} s at ${new Date().toISOString()}`);
    setTimeout(async () => {
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      session.disconnect();
      const file = path.join(os.tmpdir(), `fleet-${Date.now()}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      const byFunction = new Map<string, number>();
      let total = 0;
      for (const node of profile.nodes) {
        const hits = node.hitCount ?? 0;
        total += hits;
        const { functionName, url, lineNumber } = node.callFrame;
        const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
        byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
      }
      console.error(`cpu profile: ${total} samples (1 ms) in ${file}; top by self time:`);
      for (const [key, hits] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
        console.error(`  ${((100 * hits) / total).toFixed(1).padStart(5)}%  ${key.slice(0, 150)}`);
      }
    }, seconds * 1000).unref();
  }, startS * 1000).unref();
}
