import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../ui/dialogs';
import { follow, videoKeys, type TeacherItem } from '../api';
import styles from '../video.module.css';

/** 关注 / 已关注 a teacher. */
export function FollowButton({ teacher }: { teacher: TeacherItem }) {
  const client = useQueryClient();
  const m = useMutation({
    mutationFn: () => follow(teacher.id, !teacher.following),
    onSuccess: () => void client.invalidateQueries({ queryKey: videoKeys.all }),
    onError: (err) => toast(errorText(err)),
  });
  return (
    <button
      type="button"
      className={teacher.following ? styles.followOn : styles.follow}
      aria-pressed={teacher.following}
      aria-label={teacher.following ? `取消关注${teacher.name}` : `关注${teacher.name}`}
      disabled={m.isPending}
      onClick={() => m.mutate()}
    >
      {teacher.following ? '已关注' : '关注'}
    </button>
  );
}
