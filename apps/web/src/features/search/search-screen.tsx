import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SEARCH_LIMITS, SEARCH_MSG, type UnlockingVersion } from '@kaoshi/contract';
import { chooseSubject } from '../../entities/subject/choose-subject';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { LoadMore } from '../../entities/study/question-answer';
import { SearchBox } from '../../ui/search-box';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { groupQuery, itemPath, keywordProblem, resultsQuery, SEARCH_KINDS, type SearchGroup, type SearchItem, type SearchKind } from './api';
import { ResultGroup } from './result-group';
import { forgetSearches, recentSearches, rememberSearch } from './recent';
import styles from './search.module.css';

/** /search_result?keyword=…[&kind=…] (全局搜索, docs/search.md): every group of the current subject, or all of one. */
export function SearchScreen() {
  return <SubjectPage title="搜索">{(subject) => <Search subject={subject} />}</SubjectPage>;
}

const kindOf = (v: string | null): SearchKind | null => (v && (SEARCH_KINDS as readonly string[]).includes(v) ? (v as SearchKind) : null);

function Search({ subject }: { subject: SelectedSubject }) {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim().slice(0, SEARCH_LIMITS.maxChars);
  const valid = keyword !== '' && keywordProblem(keyword) === null;
  const kind = kindOf(params.get('kind'));
  const [draft, setDraft] = useState(keyword);
  const [problem, setProblem] = useState('');
  const [recent, setRecent] = useState(recentSearches);
  const [locked, setLocked] = useState<{ title: string; versions: readonly UnlockingVersion[] } | null>(null);
  const navigate = useNavigate();

  const go = (k: string) => {
    const bad = keywordProblem(k);
    if (bad) return setProblem(bad);
    setProblem('');
    setDraft(k.trim());
    setRecent(rememberSearch(k));
    setParams({ keyword: k.trim() }, { replace: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(draft);
  };

  const open = (g: SearchGroup, item: SearchItem, versions: readonly UnlockingVersion[], terms: readonly string[] = []) => {
    if (item.access === 'locked') return setLocked({ title: item.title, versions });
    if (g.kind === 'subject') {
      void chooseSubject({ AppID: item.id, AppEName: item.extra, AppName: item.title, CName: item.where }, { navigate: (to, o) => void navigate(to, o) }).then((out) => {
        if (out.kind === 'chosen') void navigate('/homePage');
      });
      return;
    }
    const to = itemPath(g.kind, item, terms);
    if (to) void navigate(to);
  };

  return (
    <div className={styles.screen}>
      <SearchBox
        label="搜索内容"
        placeholder="搜索试题、课程、讲义、知识点"
        value={draft}
        maxLength={SEARCH_LIMITS.maxChars}
        onChange={setDraft}
        onSubmit={submit}
        problem={problem}
      />
      {!valid ? (
        <Recent
          subject={subject}
          list={recent}
          onPick={go}
          onClear={() => {
            forgetSearches();
            setRecent([]);
          }}
        />
      ) : kind ? (
        <OneGroup subject={subject} keyword={keyword} kind={kind} onOpen={open} onAll={() => setParams({ keyword }, { replace: true })} />
      ) : (
        <AllGroups subject={subject} keyword={keyword} onOpen={open} onMore={(words, k) => setParams({ keyword: words, kind: k })} />
      )}
      <SheetBuyPrompt
        open={locked !== null}
        currentName={versionBadge(subject)}
        versions={locked?.versions ?? []}
        reason={locked ? `「${locked.title}」需开通后使用` : undefined}
        onClose={() => setLocked(null)}
      />
    </div>
  );
}

/** Opens an item; `terms` are the words the reply searched with (a handout opens at them). */
type Open = (g: SearchGroup, item: SearchItem, versions: readonly UnlockingVersion[], terms?: readonly string[]) => void;

function Recent({ subject, list, onPick, onClear }: { subject: SelectedSubject; list: string[]; onPick: (k: string) => void; onClear: () => void }) {
  return (
    <>
      <p className={styles.hint}>{`在「${subject.AppName}」中搜索试题、视频课程、电子讲义、知识点和直播课，也可以搜索科目`}</p>
      {list.length > 0 ? (
        <section className={styles.recent} aria-labelledby="recent-title">
          <div className={styles.groupHead}>
            <h2 id="recent-title" className={styles.groupTitle}>
              最近搜索
            </h2>
            <button type="button" className={styles.linkButton} onClick={onClear}>
              清空
            </button>
          </div>
          <ul className={styles.chips}>
            {list.map((k) => (
              <li key={k}>
                <button type="button" className={styles.chip} onClick={() => onPick(k)}>
                  {k}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * Every group's first items. A keyword that found nothing as typed may have been searched as its Chinese words
 * (split, docs/search.md): the summary says so, and 查看全部 pages with those words.
 */
function AllGroups({ subject, keyword, onOpen, onMore }: { subject: SelectedSubject; keyword: string; onOpen: Open; onMore: (words: string, k: SearchKind) => void }) {
  const q = useQuery(resultsQuery(subject.AppID, keyword));
  const state = queryState(q, subject, { loading: '搜索中…' });
  if (state || !q.data) return state;
  const { groups, unlocking, terms, split } = q.data;
  const found = groups.reduce((n, g) => n + g.total, 0);
  const hidden = groups.reduce((n, g) => n + g.hidden, 0);
  if (found === 0 && hidden === 0) return <StateMessage text={SEARCH_MSG.empty} />;
  const words = split ? terms.join(' ') : keyword;
  return (
    <>
      <p className={styles.summary} role="status">
        {split ? `没有找到“${keyword}”，以下是“${words}”的 ${found} 条结果` : `找到 ${found} 条与“${keyword}”相关的结果`}
      </p>
      {groups
        .filter((g) => g.total > 0 || g.hidden > 0)
        .map((g) => (
          <ResultGroup
            key={g.kind}
            group={g}
            terms={terms}
            onOpen={(item) => onOpen(g, item, unlocking, terms)}
            onMore={g.total > g.items.length ? () => onMore(words, g.kind) : undefined}
            onUnlock={() => onOpen(g, lockedNote(g), unlocking)}
          />
        ))}
    </>
  );
}

/** The questions beyond the learner's chapters, as one locked entry for the buy sheet. */
const lockedNote = (g: SearchGroup): SearchItem => ({ id: 0, title: `其余 ${g.hidden} 道${g.name}`, excerpt: '', where: '', access: 'locked', extra: '' });

function OneGroup({ subject, keyword, kind, onOpen, onAll }: { subject: SelectedSubject; keyword: string; kind: SearchKind; onOpen: Open; onAll: () => void }) {
  const q = useInfiniteQuery(groupQuery(subject.AppID, keyword, kind));
  const state = queryState(q, subject, { loading: '搜索中…' });
  if (state || !q.data) return state;
  const first = q.data.pages[0]!;
  const group: SearchGroup = { ...first.groups[0]!, items: q.data.pages.flatMap((p) => p.groups[0]?.items ?? []) };
  return (
    <>
      <button type="button" className={styles.linkButton} onClick={onAll}>
        ‹ 全部结果
      </button>
      <ResultGroup
        group={group}
        terms={first.terms}
        onOpen={(item) => onOpen(group, item, first.unlocking, first.terms)}
        onUnlock={() => onOpen(group, lockedNote(group), first.unlocking)}
      />
      <LoadMore hasMore={q.hasNextPage} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </>
  );
}
