import type { DataOf, SubjectEntry, getKsbClass } from '@kaoshi/contract';

type KsbClassData = DataOf<typeof getKsbClass>;
type ClassNode = KsbClassData['classes'][number];

export interface SubjectClass {
  ID: number;
  Name: string;
  subjects: SubjectEntry[];
}

export interface ClassGroup {
  /** The top-level class (医药卫生 …). */
  ID: number;
  Name: string;
  classes: SubjectClass[];
}

/** Subjects whose class is not in the tree (should not happen) are listed under this class. */
export const OTHER_CLASS_ID = -1;

/**
 * The left column of /switchSub: every class that holds subjects (the second level in practice:
 * 护理学类, 药学类 …), grouped under its top-level class and ordered by the tree's Order. Classes without
 * subjects are left out; a top-level class holding subjects itself is a group of one.
 */
export function classGroups(data: KsbClassData): ClassGroup[] {
  const byId = new Map<number, ClassNode>(data.classes.map((c) => [c.ID, c]));
  const rootOf = (c: ClassNode): ClassNode => {
    let node = c;
    const seen = new Set<number>();
    while (node.ParentID !== null && byId.has(node.ParentID) && !seen.has(node.ID)) {
      seen.add(node.ID);
      node = byId.get(node.ParentID)!;
    }
    return node;
  };

  const holding = new Map<number, SubjectClass>();
  const orphans: SubjectEntry[] = [];
  for (const s of data.subjects) {
    const c = byId.get(s.ClassID);
    if (!c) {
      orphans.push(s);
      continue;
    }
    let entry = holding.get(c.ID);
    if (!entry) holding.set(c.ID, (entry = { ID: c.ID, Name: c.Name, subjects: [] }));
    entry.subjects.push(s);
  }

  const groups = new Map<number, { root: ClassNode; classes: { node: ClassNode; cls: SubjectClass }[] }>();
  for (const cls of holding.values()) {
    const node = byId.get(cls.ID)!;
    const root = rootOf(node);
    let g = groups.get(root.ID);
    if (!g) groups.set(root.ID, (g = { root, classes: [] }));
    g.classes.push({ node, cls });
  }

  const byOrder = (a: ClassNode, b: ClassNode) => a.Order - b.Order || a.ID - b.ID;
  const result: ClassGroup[] = [...groups.values()]
    .sort((a, b) => byOrder(a.root, b.root))
    .map((g) => ({ ID: g.root.ID, Name: g.root.Name, classes: g.classes.sort((a, b) => byOrder(a.node, b.node)).map((c) => c.cls) }));
  if (orphans.length > 0) {
    result.push({ ID: OTHER_CLASS_ID, Name: '其他', classes: [{ ID: OTHER_CLASS_ID, Name: '其他科目', subjects: orphans }] });
  }
  return result;
}
