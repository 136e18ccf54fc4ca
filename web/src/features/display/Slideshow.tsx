import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import type { Slideshow as SlideshowData } from '@shared/schemas/slideshows';
import { fromHms } from '@shared/slideshows';
import '../../components/slides/transitions.css';

/** How long a transition runs (as the slideshow panel's preview runs it). */
const TRANSITION_MS = 800;
/** A video that never says it ended (a stalled download) moves on this long after its length. */
const VIDEO_GRACE_MS = 3_000;

interface PlaySlide {
  url: string;
  type: 'image' | 'video';
  ms: number;
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * The room's slideshow, full-bleed in its area: each image for its duration, each video (muted,
 * inline) to its end, one after another with the slideshow's transition (a cut where reduced
 * motion is asked for), in its order or shuffled once when it is to be random. A slide keeps the
 * address it started with, so the presigned URLs a later poll brings do not restart a video.
 */
export function Slideshow({ slideshow }: { slideshow: SlideshowData }) {
  const { slides: all, randomize, transition, duration } = slideshow;
  const slides = useMemo(() => {
    const playable = all
      .filter((slide) => slide.file_url)
      .map((slide): PlaySlide => ({
        url: slide.file_url!,
        type: slide.file_type,
        ms:
          slide.file_type === 'video'
            ? (slide.duration_ms ?? 0) + VIDEO_GRACE_MS
            : (fromHms(slide.duration) ?? fromHms(duration) ?? 10) * 1000,
      }));
    return randomize ? shuffled(playable) : playable;
  }, [all, randomize, duration]);
  const count = slides.length;
  const [shown, setShown] = useState<{ index: number; step: number; slide: PlaySlide | undefined }>(() => ({
    index: 0,
    step: 0,
    slide: slides[0],
  }));
  const [previous, setPrevious] = useState<PlaySlide | undefined>(undefined);
  const current = shown.slide ?? slides[0];

  const advance = () => {
    if (count < 2) return;
    setPrevious(current);
    setShown((now) => {
      const index = (now.index + 1) % count;
      return { index, step: now.step + 1, slide: slides[index] };
    });
  };

  // Each slide shows for its time; a video usually ends (and moves on) before its timer.
  useEffect(() => {
    if (!current || count < 2) return;
    const timer = setTimeout(advance, current.ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new step starts a new timer
  }, [shown.step, count]);

  // The next image is fetched while this one shows, so it is there when its turn comes.
  useEffect(() => {
    const next = slides[(shown.index + 1) % Math.max(count, 1)];
    if (next?.type === 'image') new Image().src = next.url;
  }, [shown.index, slides, count]);

  if (!current) return null;
  const stageStyle = { '--slide-transition-duration': `${TRANSITION_MS}ms` } as CSSProperties;
  return (
    <div className="slide-stage display-slides" style={stageStyle}>
      {previous && shown.step > 0 && (
        <div
          key={`out-${shown.step}`}
          className={`slide slide-exit slide-exit-${transition}`}
          aria-hidden="true"
        >
          <Media slide={previous} still />
        </div>
      )}
      <div key={`in-${shown.step}`} className={`slide slide-enter slide-enter-${transition}`}>
        <Media slide={current} loop={count === 1} onEnded={advance} />
      </div>
    </div>
  );
}

function Media({
  slide,
  still,
  loop,
  onEnded,
}: {
  slide: PlaySlide;
  still?: boolean;
  loop?: boolean;
  onEnded?: () => void;
}) {
  if (slide.type === 'image') return <img src={slide.url} alt="" />;
  return (
    <video
      src={slide.url}
      muted
      playsInline
      autoPlay={!still}
      loop={loop}
      preload="auto"
      onEnded={onEnded}
      onError={onEnded}
      aria-hidden="true"
    />
  );
}
