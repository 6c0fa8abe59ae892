import { SOURCE_KINDS, type Source, type SourceKind } from './sources';

/** A practice source in the URL (/answerTest?...): parsing, its key and URL, its title and the feature a 403 names. */

const positiveInt = (v: string | null): number | undefined | null => {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** The source of /answerTest's query string, or a Chinese error for bad input. */
export function parseSource(params: URLSearchParams): { source: Source } | { error: string } {
  const kind = (params.get('source') || 'chapter') as SourceKind;
  if (!SOURCE_KINDS.includes(kind)) return { error: '练习类型不正确' };
  const cptID = positiveInt(params.get('cptID'));
  if (cptID === null) return { error: '章节不存在' };
  const keyword = params.get('keyword')?.trim() || undefined;
  if (keyword && keyword.length > 50) return { error: '关键词不能超过50个字符' };
  const source: Source = { kind };
  if (cptID) source.cptID = cptID;
  switch (kind) {
    case 'chapter':
      if (!cptID) return { error: '章节不存在' };
      if (params.get('recite') === '1') source.recite = true;
      break;
    case 'fav':
    case 'note':
      if (keyword) source.keyword = keyword;
      break;
    case 'search':
      if (!keyword) return { error: '请输入搜索关键词' };
      source.keyword = keyword;
      delete source.cptID;
      break;
    case 'points': {
      const point = params.get('point')?.trim();
      if (point && point.length > 100) return { error: '知识点名称过长' };
      if (point) source.point = point;
      delete source.cptID;
      break;
    }
    case 'review':
      delete source.cptID;
      break;
    case 'session': {
      const id = positiveInt(params.get('examHistoryID'));
      if (!id) return { error: '练习记录编号不正确' };
      delete source.cptID;
      source.examHistoryID = id;
      break;
    }
    case 'year': {
      const year = positiveInt(params.get('year'));
      if (year === null || (year !== undefined && (year < 1900 || year > 2100))) return { error: '年份格式不正确' };
      if (year) source.year = year;
      else if (!cptID) return { error: '请选择年份或章节' };
      break;
    }
    case 'case':
      if (!cptID) return { error: '章节不存在' };
      break;
    case 'sprint': {
      if (cptID) {
        source.set = 'chapter';
        break;
      }
      const set = params.get('set');
      if (set === 'pass60') source.set = 'pass60';
      else if (set === 'hot500') {
        const round = positiveInt(params.get('round'));
        if (round === null || (round !== undefined && round > 100)) return { error: '轮次不正确' };
        source.set = 'hot500';
        source.round = round ?? 1;
      } else return { error: '练习类型不正确' };
      break;
    }
    default:
      break;
  }
  return { source };
}

/** A stable key of the source (query cache and the copy kept on the device); `recite` is not part of it. */
export const sourceKey = (s: Source): string =>
  [
    s.kind,
    s.cptID ?? '',
    s.keyword ?? '',
    s.point ?? '',
    ...(s.examHistoryID ? [s.examHistoryID] : []),
    ...(s.year || s.set ? [s.year ?? '', s.set ?? '', s.round ?? ''] : []),
  ].join('|');

/** The URL of /answerTest for a source (the contract the study screens link with). */
export function sourceUrl(s: Source): string {
  const p = new URLSearchParams();
  if (s.kind !== 'chapter') p.set('source', s.kind);
  if (s.cptID) p.set('cptID', String(s.cptID));
  if (s.keyword) p.set('keyword', s.keyword);
  if (s.point) p.set('point', s.point);
  if (s.recite) p.set('recite', '1');
  if (s.examHistoryID) p.set('examHistoryID', String(s.examHistoryID));
  if (s.year) p.set('year', String(s.year));
  if (s.set && s.set !== 'chapter') p.set('set', s.set);
  if (s.round) p.set('round', String(s.round));
  return `/answerTest?${p.toString()}`;
}

/** The feature a 403 of the source names in the buy prompt ('开通以下任一班次可使用…'). */
export function deniedFeature(s: Source): string {
  if (s.kind === 'sprint') return '考前冲刺';
  if (s.kind === 'year' && s.year) return '历年真题';
  return '章节练习';
}
