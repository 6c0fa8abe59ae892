import { useRef, useState, type CSSProperties } from 'react';
import type { Banner } from '@kaoshi/contract';
import { safeInternalPath } from '../common/safe-path';
import styles from './banner-carousel.module.css';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The banner's colour when it is a plain hex colour; otherwise the tenant colour (CSS fallback). */
export const bannerColor = (color: string): string | null => (HEX.test(color.trim()) ? color.trim() : null);

/** A banner image we show: a path on our own origin (the server serves them under /static/banners/). */
export const bannerImage = (url: string): string | null => (url ? safeInternalPath(url) : null);

export interface BannerCarouselProps {
  banners: readonly Banner[];
  onTap: (b: Banner) => void;
}

/**
 * A horizontal carousel (CSS scroll snap, swipe on touch, dots below). A banner without an image is
 * drawn: Title and SubTitle on a gradient of its Color. Text only, never HTML.
 */
export function BannerCarousel({ banners, onTap }: BannerCarouselProps) {
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

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="活动">
      <div ref={track} className={styles.track} onScroll={onScroll}>
        {banners.map((b, i) => {
          const color = bannerColor(b.Color);
          const image = bannerImage(b.ImageUrl);
          const style = color ? ({ '--banner-color': color } as CSSProperties) : undefined;
          return (
            <div key={`${b.ManagementID}-${b.ImageID}`} className={styles.slide} aria-roledescription="slide" aria-label={`${i + 1} / ${banners.length}`}>
              <button type="button" className={styles.banner} style={style} onClick={() => onTap(b)} aria-label={b.Title || '活动'}>
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
