import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import type { SlideTransition } from '@shared/slideshows';
import { transitionLabel } from './text';
import '../../components/slides/transitions.css';
import './SlidePreview.css';

/** A slide as the preview plays it. */
export interface PreviewSlide {
  url: string;
  type: 'image' | 'video';
}

/** How long a transition runs, as the room display runs it. */
const TRANSITION_MS = 800;

function Media({
  slide,
  label,
  playing,
  loop,
  onEnded,
}: {
  slide: PreviewSlide;
  label: string;
  /** Undefined: a still (the slide going out). */
  playing?: boolean;
  loop?: boolean;
  onEnded?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const started = useRef(false);
  // `autoPlay` starts the video; Pause and Play act on it after.
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      return;
    }
    const element = video.current;
    if (!element || playing === undefined) return;
    if (playing) void element.play().catch(() => {});
    else element.pause();
  }, [playing]);
  if (slide.type === 'image') return <img src={slide.url} alt={label} />;
  return (
    <video
      ref={video}
      src={slide.url}
      muted
      playsInline
      autoPlay={playing}
      loop={loop}
      preload="auto"
      onEnded={onEnded}
      aria-label={label}
    />
  );
}

/**
 * Plays the slides from `start` as the space's screens will (docs/product/client-area.md §2 "Slideshow panel"):
 * each image for the slideshow's duration, each video to its end, one after another with the
 * chosen transition (components/slides/transitions.css; a cut where reduced motion is asked for). A modal
 * `<dialog>`, named by its heading, that keeps the focus inside; Escape or Close ends it and
 * gives the focus back, and Escape goes no further (the side panel under it stays open).
 */
export function SlidePreview({
  title,
  slides,
  start,
  transition,
  imageSeconds,
  onClose,
}: {
  title: string;
  slides: readonly PreviewSlide[];
  start: number;
  transition: SlideTransition;
  imageSeconds: number;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const count = slides.length;
  const [shown, setShown] = useState({
    index: Math.min(start, count - 1),
    previous: null as number | null,
    step: 0,
  });
  const [playing, setPlaying] = useState(true);
  const current = slides[shown.index];
  const previous = shown.previous === null ? undefined : slides[shown.previous];

  // What had the focus before the preview (and its autofocus) took it: it gets it back.
  const [opener] = useState(() => document.activeElement);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);

  const go = useCallback(
    (to: number) =>
      setShown((now) => ({ index: (to + count) % count, previous: now.index, step: now.step + 1 })),
    [count],
  );

  // An image shows for the slideshow's duration; a video moves on when it ends.
  useEffect(() => {
    if (!playing || count < 2 || current?.type !== 'image') return;
    const timer = setTimeout(() => go(shown.index + 1), imageSeconds * 1000);
    return () => clearTimeout(timer);
  }, [playing, shown.step, shown.index, current?.type, imageSeconds, count, go]);

  const stageStyle = { '--slide-transition-duration': `${TRANSITION_MS}ms` } as CSSProperties;

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      className="slide-preview"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <Flex direction="column" gap="small">
        <Heading level={3} id={headingId}>
          Preview: {title}
        </Heading>
        <div className="slide-stage" style={stageStyle}>
          {previous && (
            <div
              key={`out-${shown.step}`}
              className={`slide slide-exit slide-exit-${transition}`}
              aria-hidden="true"
            >
              <Media slide={previous} label="" />
            </div>
          )}
          {current && (
            <div key={`in-${shown.step}`} className={`slide slide-enter slide-enter-${transition}`}>
              <Media
                slide={current}
                label={`Slide ${shown.index + 1}`}
                playing={playing}
                loop={count === 1}
                onEnded={() => playing && go(shown.index + 1)}
              />
            </div>
          )}
        </div>
        <Text>
          Slide {shown.index + 1} of {count} · {transitionLabel(transition)}
        </Text>
        <Flex gap="small" wrap="wrap">
          <Button size="small" onClick={() => go(shown.index - 1)} isDisabled={count < 2}>
            Previous
          </Button>
          <Button size="small" onClick={() => setPlaying((on) => !on)} autoFocus>
            {playing ? 'Pause' : 'Play'}
          </Button>
          <Button size="small" onClick={() => go(shown.index + 1)} isDisabled={count < 2}>
            Next
          </Button>
          <Button size="small" variation="primary" onClick={onClose} marginInlineStart="auto">
            Close
          </Button>
        </Flex>
      </Flex>
    </dialog>
  );
}
