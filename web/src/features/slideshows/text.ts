import type { Slideshow } from '@shared/schemas/slideshows';
import { fromHms, SLIDE_DURATIONS, SLIDE_TRANSITIONS } from '@shared/slideshows';

/** How the slideshow panel writes lengths and choices. */

/** A length in words: '45 s', '1 min 20 s', '1 h 5 min'. */
export function lengthText(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const parts = [hours && `${hours} h`, minutes && `${minutes} min`, seconds && `${seconds} s`].filter(
    Boolean,
  );
  return parts.length ? parts.join(' ') : '0 s';
}

/** An `hh:mm:ss` length in words; the text itself when it is not one. */
export const hmsText = (hms: string): string => {
  const seconds = fromHms(hms);
  return seconds === undefined ? hms : lengthText(seconds);
};

/** The label of a duration choice ('10 seconds'), or the length in words. */
export const durationLabel = (hms: string): string =>
  SLIDE_DURATIONS.find((choice) => choice.value === hms)?.label ?? hmsText(hms);

/** The label of a transition ('Slide Left'). */
export const transitionLabel = (value: string): string =>
  SLIDE_TRANSITIONS.find((transition) => transition.value === value)?.label ?? value;

/** How long a slideshow plays once through: each image its duration, each video its own length. */
export const totalSeconds = (slideshow: Pick<Slideshow, 'slides'>): number =>
  slideshow.slides.reduce((sum, slide) => sum + (fromHms(slide.duration) ?? 0), 0);

/** '1 slide', '3 slides'. */
export const slideCount = (count: number): string => (count === 1 ? '1 slide' : `${count} slides`);
