import type { SprintItem } from '@kaoshi/contract';
import { computerPaperPath } from '../../entities/exam/paths';
import { sourceUrl } from '../../entities/practice/source-url';

/** Where an item of the sprint list opens: the player (plain source sprint) or the exam (a paper). */
export function itemPath(item: SprintItem): string {
  if (item.kind === 'paper') return computerPaperPath(item.id);
  if (item.kind === 'chapter') return sourceUrl({ kind: 'sprint', set: 'chapter', cptID: item.id });
  if (item.set === 'pass60') return sourceUrl({ kind: 'sprint', set: 'pass60' });
  return sourceUrl({ kind: 'sprint', set: 'hot500', round: item.id });
}
