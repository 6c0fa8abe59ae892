/**
 * The gate of one chapter's items (zod-free, so the web build keeps it out of its copies of the calls): the
 * module, and the chapter (cptID) itself, which a trial may or may not open (docs/entitlement.md).
 */
export const chapterGate = (module: string, unknown?: string) => ({ module: (i: { cptID: number }) => ({ module, chapter: i.cptID }), unknown });
