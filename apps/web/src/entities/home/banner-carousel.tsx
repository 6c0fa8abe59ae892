import { useRef, useState, type CSSProperties } from 'react';
import type { Banner } from '@kaoshi/contract';
import { countActivityClick } from './api';
import { safeInternalPath } from '../../lib/safe-path';
import { track as tracking } from '../../lib/tracking';
import styles from '../../ui/banner-carousel.module.css';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The banner's colour when it is a plain hex colour; otherwise the tenant colour (CSS fallback). */
export const bannerColor = (color: string): string | null => (HEX.test(color.trim()) ? color.trim() : null);

/** A banner image we show: a path on our own origin (the server serves them under /static/banners/). */
export const bannerImage = (url: string): string | null => (url ? safeInternalPath(url) : null);

export interface BannerCarouselProps {
  banners: readonly Banner[];
  /** The subject the banners belong to (sent with the tap record). */
  appID?: number;
  /** Opens a banner's link: called only with a safe in-app path. */
  onOpen: (path: string) => void;
  className?: string;
}

/**
 * Banners of Publish (the home page's and the subject switcher's) as a horizontal carousel (CSS scroll
 * snap, swipe on touch, dots below). A banner without an image is drawn: Title and SubTitle on a gradient
 * of its Color. Text only, never HTML. A tap records activityClick and advertiseclick (fire and forget) and opens the link
 * only when it is an in-app path. Nothing is drawn without banners.
 */
export function BannerCarousel({ banners, appID, onOpen, className }: BannerCarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setIndex(Math.round(el.scrollLeft / el.clientWidth));
  };
  const goTo = (i: number) => {
    const el = track.current;
    el?.scrollTo?.({ left: i * el.clientWidth, behavior: 'smooth' });
    setIndex(i);
  };

  if (banners.length === 0) return null;

  const onTap = (b: Banner) => {
    void countActivityClick({ appID, manageMentID: b.ManagementID, imageID: b.ImageID });
    tracking.advertise({ noticeType: 'banner', activeID: b.ManagementID, childActiveID: b.ImageID, btnType: 'open', btnName: b.Title || '活动', appID, imgUrl: b.ImageUrl });
    const to = safeInternalPath(b.Link);
    if (to) onOpen(to);
  };

  return (
    <section className={className ? `${styles.carousel} ${className}` : styles.carousel} aria-roledescription="carousel" aria-label="活动">
      <div ref={track} className={styles.track} onScroll={onScroll}>
        {banners.map((b, i) => {
          const color = bannerColor(b.Color);
          const image = bannerImage(b.ImageUrl);
          const style = color ? ({ '--banner-color': color } as CSSProperties) : undefined;
          return (
            <div key={`${b.ManagementID}-${b.ImageID}`} className={styles.slide} aria-roledescription="slide" aria-label={`${i + 1} / ${banners.length}`}>
              <button type="button" className={styles.banner} style={style} onClick={() => onTap(b)} aria-label={b.Title ? undefined : '活动'}>
                {image ? (
                  <img className={styles.image} src={image} alt={b.Title} />
                ) : (
                  <span className={styles.drawn}>
                    <span className={styles.title}>{b.Title}</span>
                    {b.SubTitle ? <span className={styles.subTitle}>{b.SubTitle}</span> : null}
                  </span>
                )}
              </button>
            </div>
          );
        })}
      </div>
      {banners.length > 1 ? (
        <div className={styles.dots}>
          {banners.map((b, i) => (
            <button
              key={`${b.ManagementID}-${b.ImageID}`}
              type="button"
              className={i === index ? `${styles.dot} ${styles.dotActive}` : styles.dot}
              aria-label={`第${i + 1}张`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
