/**
 * Folders that import each other, each folder taken with everything below it. dependency-cruiser's folder scope
 * joins a file to the folder it sits in, so `components/auth → layouts → components/layout` is no loop there, though
 * `components` and `layouts` import each other. Here two folders side by side (children of one parent) are joined
 * by every import from a file anywhere below one to a file anywhere below the other; any loop among them is a
 * violation. A file importing its own folder's parent (or its loose files), or a folder below its own, joins no two
 * sibling folders and is never one.
 */
import { dirname } from "node:path/posix";

export type Edge = readonly [from: string, to: string];

export interface FolderLoop {
  /** The sibling folders of the loop, sorted. */
  folders: string[];
  /** For each import between two of them, one example, `from → to`. */
  examples: Edge[];
}

/** The two sibling folders an import joins, if it joins any: their paths, below their common parent. */
export function siblingFolders([from, to]: Edge): Edge | undefined {
  const a = dirname(from).split("/");
  const b = dirname(to).split("/");
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
  if (common === a.length || common === b.length) return undefined;
  return [a.slice(0, common + 1).join("/"), b.slice(0, common + 1).join("/")];
}

/** Strongly connected components of a graph with more than one node (Tarjan). */
function loops(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

export function folderLoops(edges: Iterable<Edge>): FolderLoop[] {
  const graph = new Map<string, Set<string>>();
  const example = new Map<string, Edge>();
  for (const edge of edges) {
    const pair = siblingFolders(edge);
    if (!pair) continue;
    const [from, to] = pair;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
    const key = `${from}\n${to}`;
    if (!example.has(key)) example.set(key, edge);
  }
  return loops(graph)
    .map((folders) => ({
      folders,
      examples: [...example.entries()]
        .filter(([key]) => key.split("\n").every((folder) => folders.includes(folder)))
        .map(([, edge]) => edge)
        .sort((x, y) => x[0].localeCompare(y[0])),
    }))
    .sort((x, y) => x.folders[0]!.localeCompare(y.folders[0]!));
}
