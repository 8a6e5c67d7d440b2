// What a V8 heap snapshot holds: the largest retained sizes (dominator tree) grouped by
// constructor, the largest single retainers, and the script sources by file. It reads the
// `.heapsnapshot` written by `node --heapsnapshot-signal=SIGUSR2` (the load bench's
// HEAP_SNAPSHOT=1) and needs no DevTools. Run: npx tsx tests/bench/memory/heap-top.ts <file> [top]
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const MiB = (b: number) => (b / 1048576).toFixed(1);

/** Immediate dominators by the iterative Cooper-Harvey-Kennedy algorithm over a reverse post-order. */
function dominators(n: number, first: Int32Array, targets: Int32Array, weak: Uint8Array): Int32Array {
  const order = new Int32Array(n).fill(-1); // post-order number
  const byOrder = new Int32Array(n);
  const stack = new Int32Array(n * 2 + 2);
  const seen = new Uint8Array(n);
  let sp = 0,
    count = 0;
  stack[sp++] = 0;
  stack[sp++] = first[0];
  seen[0] = 1;
  while (sp) {
    const node = stack[sp - 2],
      e = stack[sp - 1];
    if (e < first[node + 1]) {
      stack[sp - 1] = e + 1;
      const t = targets[e];
      if (!weak[e] && !seen[t]) {
        seen[t] = 1;
        stack[sp++] = t;
        stack[sp++] = first[t];
      }
    } else {
      sp -= 2;
      order[node] = count;
      byOrder[count++] = node;
    }
  }
  // Predecessors, for reachable nodes only.
  const predCount = new Int32Array(n + 1);
  for (let v = 0; v < n; v++)
    if (seen[v])
      for (let e = first[v]; e < first[v + 1]; e++) if (!weak[e] && seen[targets[e]]) predCount[targets[e] + 1]++;
  for (let i = 0; i < n; i++) predCount[i + 1] += predCount[i];
  const preds = new Int32Array(predCount[n]);
  const fill = predCount.slice();
  for (let v = 0; v < n; v++)
    if (seen[v])
      for (let e = first[v]; e < first[v + 1]; e++) if (!weak[e] && seen[targets[e]]) preds[fill[targets[e]]++] = v;
  const idom = new Int32Array(count).fill(-1); // by post-order number
  const root = order[0];
  idom[root] = root;
  for (let changed = true; changed;) {
    changed = false;
    for (let i = count - 2; i >= 0; i--) {
      const v = byOrder[i];
      let d = -1;
      for (let p = predCount[v]; p < predCount[v + 1]; p++) {
        let a = order[preds[p]];
        if (idom[a] === -1) continue;
        if (d === -1) {
          d = a;
          continue;
        }
        let b = d;
        while (a !== b) {
          while (a < b) a = idom[a];
          while (b < a) b = idom[b];
        }
        d = a;
      }
      if (d !== -1 && idom[i] !== d) {
        idom[i] = d;
        changed = true;
      }
    }
  }
  const out = new Int32Array(n).fill(-1);
  for (let i = 0; i < count; i++) out[byOrder[i]] = byOrder[idom[i]];
  return out;
}

export function heapTop(file: string, top = 25): string[] {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const nf = s.snapshot.meta.node_fields,
    ef = s.snapshot.meta.edge_fields;
  const N = nf.length,
    E = ef.length;
  const [iType, iName, iSize, iEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) => nf.indexOf(f));
  const [eType, eTo] = ['type', 'to_node'].map((f) => ef.indexOf(f));
  const nodeTypes = s.snapshot.meta.node_types[0],
    edgeTypes = s.snapshot.meta.edge_types[0];
  const n = s.nodes.length / N;
  const first = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) first[v + 1] = first[v] + s.nodes[v * N + iEdges];
  const targets = new Int32Array(first[n]);
  const weak = new Uint8Array(first[n]);
  const weakType = edgeTypes.indexOf('weak');
  for (let e = 0; e < first[n]; e++) {
    targets[e] = s.edges[e * E + eTo] / N;
    weak[e] = s.edges[e * E + eType] === weakType ? 1 : 0;
  }
  const idom = dominators(n, first, targets, weak);
  const self = (v: number) => s.nodes[v * N + iSize];
  const retained = new Float64Array(n);
  // Children before parents: accumulate up the dominator tree in reverse DFS order.
  const depth = new Int32Array(n).fill(-1);
  depth[0] = 0;
  const depthOf = (v: number): number => {
    const path: number[] = [];
    while (depth[v] < 0 && idom[v] >= 0) {
      path.push(v);
      v = idom[v];
    }
    let d = depth[v] < 0 ? 0 : depth[v];
    for (let i = path.length - 1; i >= 0; i--) depth[path[i]] = ++d;
    return d;
  };
  const live: number[] = [];
  for (let v = 0; v < n; v++)
    if (idom[v] >= 0) {
      depthOf(v);
      live.push(v);
      retained[v] = self(v);
    }
  live.sort((a, b) => depth[b] - depth[a]);
  for (const v of live) if (v !== 0) retained[idom[v]] += retained[v];

  const typeOf = (v: number) => nodeTypes[s.nodes[v * N + iType]];
  const label = (v: number) => {
    const name = s.strings[s.nodes[v * N + iName]];
    return `${typeOf(v)} ${name.length > 70 ? `${name.slice(0, 67)}…` : name}`;
  };
  const iEName = ef.indexOf('name_or_index');
  const edgeLabel = (e: number) => {
    const t = edgeTypes[s.edges[e * E + eType]];
    const x = s.edges[e * E + iEName];
    return t === 'element' || t === 'hidden' ? `[${x}]` : s.strings[x];
  };
  const edgeName = (from: number, to: number) => {
    for (let e = first[from]; e < first[from + 1]; e++) if (targets[e] === to) return edgeLabel(e);
    return '?';
  };
  const children = new Map<number, number[]>();
  for (const v of live)
    if (v !== 0) {
      const list = children.get(idom[v]);
      if (list) list.push(v);
      else children.set(idom[v], [v]);
    }
  // Who points at a node (first few non-weak retainers): its place in the program.
  const retainersOf = new Map<number, string[]>();
  const wanted = new Set<number>();
  const holder = (v: number) => (retainersOf.get(v) ?? []).join(', ');
  const total = live.reduce((a, v) => a + self(v), 0);
  const lines = [`${file}: ${n} nodes, ${MiB(total)} MiB reachable`];
  // Largest single retainers that are not just the root's synthetic groups.
  const big = live
    .filter((v) => typeOf(v) !== 'synthetic' && idom[v] >= 0)
    .sort((a, b) => retained[b] - retained[a])
    .slice(0, top * 4);
  for (const v of big) wanted.add(v);
  for (let u = 0; u < n; u++)
    for (let e = first[u]; e < first[u + 1]; e++) {
      const t = targets[e];
      if (!wanted.has(t) || weak[e]) continue;
      const r = retainersOf.get(t) ?? [];
      if (r.length < 3) r.push(`${edgeLabel(e)} of ${label(u).slice(0, 50)}`);
      retainersOf.set(t, r);
    }
  // Keep only outermost ones: a node inside an already listed one's tree is skipped.
  const listed = new Set<number>();
  lines.push(`\ntop retainers (retained MiB, self):`);
  for (const v of big) {
    let u = idom[v],
      inside = false;
    while (u > 0) {
      if (listed.has(u)) {
        inside = true;
        break;
      }
      u = idom[u];
    }
    if (inside) continue;
    listed.add(v);
    lines.push(`  ${MiB(retained[v]).padStart(7)}  ${label(v)}  ← ${holder(v)}`);
    for (const c of (children.get(v) ?? []).sort((a, b) => retained[b] - retained[a]).slice(0, 3))
      if (retained[c] > 0.05 * retained[v])
        lines.push(`           ${MiB(retained[c]).padStart(7)}  .${edgeName(v, c)} ${label(c)}`);
    if (listed.size >= top) break;
  }
  // Self size by kind (constructor name for objects, node type otherwise).
  const byKind = new Map<string, number>();
  for (const v of live) {
    const t = typeOf(v);
    const k = t === 'object' || t === 'closure' || t === 'native' ? `${t} ${s.strings[s.nodes[v * N + iName]]}` : t;
    byKind.set(k, (byKind.get(k) ?? 0) + self(v));
  }
  lines.push(`\nself size by kind (MiB):`);
  for (const [k, b] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${MiB(b).padStart(7)}  ${k.slice(0, 80)}`);
  // Script sources kept by V8 (every loaded module's text, with tsx's inline source map), by package.
  const byScript = new Map<string, number>();
  const srcEdge = s.strings.indexOf('source');
  for (const v of live) {
    if (typeOf(v) !== 'code') continue;
    for (let e = first[v]; e < first[v + 1]; e++)
      if (s.edges[e * E + iEName] === srcEdge && edgeTypes[s.edges[e * E + eType]] !== 'element') {
        const name = s.strings[s.nodes[v * N + iName]];
        const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name);
        const key = m
          ? m[1]
          : name.includes('/work/')
            ? `(app) ${name
                .replace(/^.*?\/(api|common|node_modules)\//, '$1/')
                .split('/')
                .slice(0, 3)
                .join('/')}`
            : name.slice(0, 40);
        byScript.set(key, (byScript.get(key) ?? 0) + retained[targets[e]]);
      }
  }
  lines.push(`\nscript sources by package or folder (MiB):`);
  for (const [k, b] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${MiB(b).padStart(7)}  ${k}`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const l of heapTop(process.argv[2], Number(process.argv[3] ?? 25))) console.log(l);
}
