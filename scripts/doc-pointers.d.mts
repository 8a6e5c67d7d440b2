// Types of doc-pointers.mjs (plain JavaScript, run with node alone).
export interface PointerStats {
  found: Record<string, number>;
  linked: Record<string, number>;
  rewritten: Record<string, number>;
  left: Record<string, number>;
  leftList: string[];
  inStrings: Record<string, number>;
}
export declare function emptyStats(): PointerStats;
export declare function rewrite(src: string, path: string, stats?: PointerStats): string;
export declare function commentRanges(src: string): [number, number][];
export declare function pointerFiles(root?: string): string[];
export declare function slug(heading: string): string;
export declare function anchorsOf(file: string, root?: string): Set<string>;
export declare function brokenTarget(target: string, root?: string): string | null;
export declare function ruleTargets(): string[];
export declare function brokenLinks(root?: string): string[];
