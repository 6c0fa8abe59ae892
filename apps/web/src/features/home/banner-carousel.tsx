import { useRef, useState, type CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { activityClick, type Banner } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getGuid } from '../../lib/session';
import { bannersQuery } from './home-data';
import styles from './home.module.css';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A banner without an image: its Title/SubTitle over a gradient of its Color (else the tenant colour). */
function bannerStyle(b: Banner): CSSProperties {
  const c = HEX.test(b.Color) ? b.Color : 'var(--theme-color, #5bb8ff)';
  return { background: `linear-gradient(120deg, ${c}, color-mix(in srgb, ${c} 55%, #fff))` };
}

/**
 * The home banners (Publish, position 'home') as a swipeable carousel (CSS scroll snap, dots below).
 * A tap records activityClick and hands the Link to `onLink` (which opens only safe in-app paths).
 */
export function BannerCarousel({ appID, onLink }: { appID: number; onLink: (link: string) => void }) {
  const { data: list = [] } = useQuery(bannersQuery(appID));
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  if (list.length === 0) return null;

  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setActive(Math.round(el.scrollLeft / el.clientWidth));
  };
  const go = (i: number) => {
    const el = track.current;
    el?.scrollTo?.({ left: i * el.clientWidth, behavior: 'smooth' });
  };
  const tap = (b: Banner) => {
    void call(activityClick, { appID, guid: getGuid() ?? undefined, manageMentID: b.ManagementID, imageID: b.ImageID }, { quiet: true }).catch(
      () => undefined,
    );
    if (b.Link) onLink(b.Link);
  };

  return (
    <section className={styles.banners} aria-label="活动">
      <div ref={track} className={styles.bannerTrack} onScroll={onScroll}>
        {list.map((b) => (
          <button
            key={`${b.ManagementID}-${b.ImageID}`}
            type="button"
            className={styles.banner}
            style={b.ImageUrl ? undefined : bannerStyle(b)}
            onClick={() => tap(b)}
            aria-label={b.Title}
          >
            {b.ImageUrl ? (
              <img className={styles.bannerImg} src={b.ImageUrl} alt={b.Title} loading="lazy" />
            ) : (
              <span className={styles.bannerText}>
                <span className={styles.bannerTitle}>{b.Title}</span>
                {b.SubTitle ? <span className={styles.bannerSub}>{b.SubTitle}</span> : null}
              </span>
            )}
          </button>
        ))}
      </div>
      {list.length > 1 ? (
        <div className={styles.dots}>
          {list.map((b, i) => (
            <button
              key={`${b.ManagementID}-${b.ImageID}`}
              type="button"
              className={`${styles.dot} ${i === active ? styles.dotOn : ''}`}
              aria-label={`第${i + 1}张`}
              aria-current={i === active}
              onClick={() => go(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
