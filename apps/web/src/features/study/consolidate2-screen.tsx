import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { type StudyKind } from '@kaoshi/contract';
import type { SelectedSubject } from '../../lib/subject';
import { confirm, toast } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { RichText } from '../../ui/rich-text';
import { LoadMore } from '../../entities/study/question-answer';
import { SearchBox } from '../../ui/search-box';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { KIND_NAMES, idParam, isStudyKind, qs } from '../../entities/study/url';
import { catalogQuery, removeFromList, studyKeys, studyListQuery, type StudyQuestion } from '../../entities/study/api';
import { dueText, typeName } from '../../entities/study/format';
import { LongText } from '../../ui/long-text';
import styles from './study.module.css';
import itemsCss from './item-list.module.css';

export const REMOVE_CONFIRM: Record<StudyKind, string> = {
  error: '确定把这道题移出错题本吗？再次答错时会重新收入。',
  fav: '确定取消收藏这道题吗？',
  note: '确定删除这道题的笔记吗？',
};
const REMOVED: Record<StudyKind, string> = { error: '已移出错题本', fav: '已取消收藏', note: '已删除笔记' };
const REMOVE_LABEL: Record<StudyKind, string> = { error: '移出', fav: '取消收藏', note: '删除笔记' };
const TITLES: Record<StudyKind, string> = { error: '错题本', fav: '我的收藏', note: '我的笔记' };
const EMPTY_CHAPTER: Record<StudyKind, string> = { error: '本章没有错题了', fav: '本章没有收藏的题目', note: '本章没有笔记' };
const EMPTY_ALL: Record<StudyKind, string> = { error: '暂无错题', fav: '暂无收藏的题目', note: '暂无笔记' };

/** /consolidate2?kind=error|fav|note&cptID= : one chapter's wrong-answer book items, favourites or notes. */
export default function Consolidate2Screen() {
  const [params] = useSearchParams();
  const kindParam = params.get('kind');
  const cptParam = params.get('cptID');
  const cptID = cptParam === null ? undefined : idParam(cptParam);
  if (!isStudyKind(kindParam) || cptID === null) {
    return <SubjectPage title="错题与收藏">{() => <StateMessage text="链接参数不正确，请从错题本或收藏列表进入" />}</SubjectPage>;
  }
  return <SubjectPage title={TITLES[kindParam]}>{(subject) => <ChapterItems subject={subject} kind={kindParam} cptID={cptID} />}</SubjectPage>;
}

function ChapterItems({ subject, kind, cptID }: { subject: SelectedSubject; kind: StudyKind; cptID: number | undefined }) {
  const appID = subject.AppID;
  const [params, setParams] = useSearchParams();
  const keyword = kind === 'error' ? '' : (params.get('keyword') ?? '').trim().slice(0, 50);
  const [draft, setDraft] = useState(keyword);
  /** 本章 for one chapter's list, 全部 for the whole subject's. */
  const where = cptID === undefined ? '全部' : '本章';
  const list = useInfiniteQuery(studyListQuery(appID, kind, cptID, keyword));
  const catalog = useQuery({ ...catalogQuery(appID, kind), enabled: cptID !== undefined });
  const chapterName = catalog.data?.list.find((c) => c.cptID === cptID)?.name;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: (q: StudyQuestion) => removeFromList(appID, kind, q.allTestID),
    onSuccess: async () => {
      toast(REMOVED[kind]);
      await queryClient.invalidateQueries({ queryKey: studyKeys.all });
    },
    onError: (err) => toast(errorText(err)),
  });

  const askRemove = async (q: StudyQuestion) => {
    if (await confirm({ content: REMOVE_CONFIRM[kind] })) remove.mutate(q);
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    const k = draft.trim();
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (k) n.set('keyword', k);
        else n.delete('keyword');
        return n;
      },
      { replace: true },
    );
  };

  const practise = () => void navigate(`/answerTest${qs({ source: kind, cptID, keyword: keyword || undefined })}`);
  const items = list.data?.pages.flatMap((p) => p.list) ?? [];
  const groups = new Map((list.data?.pages.flatMap((p) => p.groups) ?? []).map((g) => [g.childTableID, g]));
  const total = list.data?.pages[0]?.total ?? 0;
  const state = queryState(list, subject);

  return (
    <div className={styles.screen}>
      <div className={itemsCss.headRow}>
        <div className={itemsCss.headText}>
          <p className={itemsCss.chapterTitle}>{cptID === undefined ? `全部${KIND_NAMES[kind]}` : (chapterName ?? '本章')}</p>
          {state ? null : <p className={styles.muted}>{keyword ? `找到 ${total} 题` : `共 ${total} 题`}</p>}
        </div>
        <button type="button" className={styles.primarySmall} disabled={!state && total === 0} onClick={practise}>
          {cptID === undefined ? '练习这些题' : '练习本章'}
        </button>
      </div>
      {kind === 'error' ? null : (
        <SearchBox label={`搜索${KIND_NAMES[kind]}`} placeholder={`搜索${where}${KIND_NAMES[kind]}的题目`} value={draft} maxLength={50} onChange={setDraft} onSubmit={search} />
      )}
      {state ??
        (items.length === 0 ? (
          <StateMessage text={keyword ? `没有找到包含“${keyword}”的题目` : (cptID === undefined ? EMPTY_ALL : EMPTY_CHAPTER)[kind]} />
        ) : (
          <ul className={itemsCss.items}>
            {items.map((q) => (
              <li key={q.allTestID} className={itemsCss.item}>
                <div className={itemsCss.itemBody}>
                  <button type="button" className={itemsCss.itemMain} onClick={() => void navigate(`/testdetails?allTestID=${q.allTestID}`)}>
                    <span className={styles.typeTag}>{typeName(q)}</span>
                    <span className={itemsCss.clamp}>
                      {q.childTableID > 0 && groups.get(q.childTableID)?.stem && q.childTableName !== 'B1' ? <span className={styles.muted}>[病例] </span> : null}
                      <RichText text={q.stem} appID={appID} />
                    </span>
                    {kind === 'error' && q.book ? (
                      <span className={itemsCss.itemMeta}>
                        <span className={itemsCss.wrongCount}>错 {q.book.wrongCount} 次</span>
                        <span>{dueText(q.book.due)}</span>
                        {q.book.rightStreak > 0 ? <span>已连续答对 {q.book.rightStreak} 次</span> : null}
                      </span>
                    ) : null}
                  </button>
                  {kind === 'note' && q.note ? (
                    // Beside the card's button, not in it: a long note folds with 展开, so the card stays short and
                    // 删除笔记 within reach.
                    <div className={itemsCss.note}>
                      <span className={itemsCss.noteLabel}>笔记</span>
                      <LongText text={q.note} lines={3} className={itemsCss.noteText} />
                    </div>
                  ) : null}
                </div>
                <button type="button" className={itemsCss.remove} aria-label={`${REMOVE_LABEL[kind]} 第${q.allTestID}题`} onClick={() => void askRemove(q)}>
                  {REMOVE_LABEL[kind]}
                </button>
              </li>
            ))}
          </ul>
        ))}
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </div>
  );
}
