/**
 * Where a build's CPU time went: self time from a V8 `.cpuprofile` (node --cpu-prof), summed per
 * function and per package (node_modules/<name>, the project's own files, Node itself).
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** "file:///…/node_modules/@astrojs/react/dist/x.js" → "@astrojs/react"; project files by folder; Node's own as "node". */
export function packageOf(url: string): string {
  if (!url) return '(native / gc / idle)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? url);
  }
  if (url.startsWith('node:')) return 'node';
  const project = /\/(src|dist|scripts)\/(.*)$/.exec(url);
  return project ? `project ${project[1]}/${project[2]?.split('/').slice(0, 2).join('/')}` : url;
}

export function summariseCpuProfile(text: string, top = 20): string {
  const profile = JSON.parse(text) as CpuProfile;
  const perSample =
    (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = (node.hitCount ?? 0) * perSample;
    if (!ms) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = packageOf(url);
    const name = `${functionName || '(anonymous)'}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byPackage.set(where, (byPackage.get(where) ?? 0) + ms);
  }
  const total = [...byPackage.values()].reduce((sum, ms) => sum + ms, 0);
  const list = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([name, ms]) =>
          `  ${(ms / 1000).toFixed(2).padStart(6)} s ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${name}`,
      )
      .join('\n');
  return `self time ${(total / 1000).toFixed(1)} s by package:\n${list(byPackage)}\n\nby function:\n${list(byFunction)}`;
}
