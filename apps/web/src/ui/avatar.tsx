import { initialOf } from '../lib/format';
import styles from './avatar.module.css';

interface Props {
  /** The avatar's URL ('' when the learner has none: the name's first character is shown). */
  url: string;
  name: string;
  /** Side in px (default 56). */
  size?: number;
  className?: string;
}

/** A learner's avatar: their picture, or the first character of their name on the card colour. Decorative (alt ''). */
export function Avatar({ url, name, size = 56, className }: Props) {
  const cls = className ? `${styles.avatar} ${className}` : styles.avatar;
  const box = { width: size, height: size, fontSize: Math.round(size * 0.43) };
  return url ? (
    <img className={cls} src={url} alt="" width={size} height={size} style={box} data-testid="avatar-image" />
  ) : (
    <span className={cls} style={box} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
