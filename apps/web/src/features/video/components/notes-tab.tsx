import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VIDEO_NOTE_MAX, type VideoNote } from '@kaoshi/contract';
import { useState, type MutableRefObject } from 'react';
import { errorText } from '../../../lib/error-text';
import { getSelectedSubject } from '../../../lib/subject';
import { confirm } from '../../../ui/dialogs';
import { queryState } from '../../../ui/states';
import { clock, deleteNote, notesQuery, saveNote, videoKeys } from '../api';
import type { PlayerControl } from './player';
import styles from '../video.module.css';

/** 笔记 of /videoStudy: my notes at a second of the lesson; tapping one plays from there. */
export function NotesTab({ lessonID, control }: { lessonID: number; control: MutableRefObject<PlayerControl | null> }) {
  const client = useQueryClient();
  const notes = useQuery(notesQuery(lessonID));
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<VideoNote | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: videoKeys.notes(lessonID) });
  const save = useMutation({
    mutationFn: () => saveNote({ lessonID, text: text.trim(), second: editing ? editing.second : Math.floor(control.current?.time() ?? 0), noteID: editing?.id }),
    onSuccess: () => {
      setText('');
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => deleteNote(id), onSuccess: refresh });
  const pending = queryState(notes, getSelectedSubject(), { feature: '视频精讲' });
  const at = editing ? editing.second : Math.floor(control.current?.time() ?? 0);
  return (
    <>
      <section className={styles.card} aria-label={editing ? '修改笔记' : '记笔记'}>
        <textarea
          className={styles.textarea}
          value={text}
          maxLength={VIDEO_NOTE_MAX}
          placeholder="记下这一刻的要点"
          aria-label="笔记内容"
          onChange={(e) => setText(e.target.value)}
        />
        {save.isError ? <p className={styles.error}>{errorText(save.error)}</p> : null}
        <div className={styles.row}>
          {editing ? (
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                setEditing(null);
                setText('');
              }}
            >
              取消
            </button>
          ) : null}
          <button type="button" className={styles.primary} disabled={text.trim() === '' || save.isPending} onClick={() => save.mutate()}>
            {editing ? `保存（${clock(at)}）` : '记在当前时间'}
          </button>
        </div>
      </section>
      {pending ??
        (notes.data!.list.length === 0 ? (
          <p className={styles.muted}>还没有笔记，边看边记，点笔记可回到那一刻</p>
        ) : (
          <ul className={styles.lessons} aria-label="我的笔记">
            {notes.data!.list.map((note) => (
              <li key={note.id} className={styles.note}>
                <button type="button" className={styles.lesson} onClick={() => control.current?.seek(note.second)} aria-label={`${clock(note.second)} ${note.text}`}>
                  <span className={styles.tag}>{clock(note.second)}</span>
                  <span className={styles.lessonBody}>
                    <span className={styles.noteText}>{note.text}</span>
                  </span>
                </button>
                <div className={styles.noteActions}>
                  <button
                    type="button"
                    className={styles.chip}
                    onClick={() => {
                      setEditing(note);
                      setText(note.text);
                    }}
                  >
                    编辑
                  </button>
                  <button
                    type="button"
                    className={styles.chip}
                    onClick={() => void confirm({ title: '提示', content: '删除这条笔记？' }).then((ok) => ok && remove.mutate(note.id))}
                  >
                    删除
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
