/**
 * Slideshows (docs/product/client-area.md §2 "Slideshow panel", §3 Slideshow, §9): the choices and limits the API
 * enforces, the SPA offers and the room display plays. No zod here: pages import it.
 */

/** Most slides in one slideshow (docs/product/client-area.md §9); the panel hides its add tile at this count. */
export const MAX_SLIDES = 15;

/** The 23 transitions between slides: the wire value and its label. */
export const SLIDE_TRANSITIONS = [
  { value: 'fade', label: 'Fade' },
  { value: 'slide-left', label: 'Slide Left' },
  { value: 'slide-right', label: 'Slide Right' },
  { value: 'slide-up', label: 'Slide Up' },
  { value: 'slide-down', label: 'Slide Down' },
  { value: 'push-left', label: 'Push Left' },
  { value: 'push-right', label: 'Push Right' },
  { value: 'push-up', label: 'Push Up' },
  { value: 'push-down', label: 'Push Down' },
  { value: 'fall', label: 'Fall' },
  { value: 'flip', label: 'Flip' },
  { value: 'flip-vertical', label: 'Flip Vertical' },
  { value: 'carousel', label: 'Carousel' },
  { value: 'cube', label: 'Cube' },
  { value: 'scale', label: 'Scale' },
  { value: 'scale-up', label: 'Scale Up' },
  { value: 'scale-down', label: 'Scale Down' },
  { value: 'zoom-in', label: 'Zoom In' },
  { value: 'zoom-out', label: 'Zoom Out' },
  { value: 'rotate', label: 'Rotate' },
  { value: 'fold', label: 'Fold' },
  { value: 'reveal', label: 'Reveal' },
  { value: 'blur', label: 'Blur' },
] as const;
export type SlideTransition = (typeof SLIDE_TRANSITIONS)[number]['value'];
export const DEFAULT_TRANSITION: SlideTransition = 'fade';

/** `hh:mm:ss` of a number of seconds. */
export function toHms(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The seconds of an `hh:mm:ss` text, or undefined when it is not one. */
export function fromHms(text: string): number | undefined {
  const match = /^(\d{2}):([0-5]\d):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : undefined;
}

function durationLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  if (seconds < 3600) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return '1 hour';
}

const durationSeconds = [
  ...Array.from({ length: 11 }, (_, i) => (i + 1) * 5), // 5–55 s by 5
  ...Array.from({ length: 10 }, (_, i) => (i + 1) * 60), // 1–10 min
  ...Array.from({ length: 9 }, (_, i) => (15 + i * 5) * 60), // 15–55 min by 5
  3600,
];

/** How long an image slide shows (docs/product/client-area.md §9): 5–55 s by 5, 1–10 min, 15–55 min by 5, 1 hour. */
export const SLIDE_DURATIONS: ReadonlyArray<{ value: string; label: string }> = durationSeconds.map(
  (seconds) => ({ value: toHms(seconds), label: durationLabel(seconds) }),
);
export const DEFAULT_SLIDE_DURATION = '00:00:10';

/** The files a slide may be, told by their bytes; each with its largest size. */
export const SLIDE_FILE_KINDS = {
  'image/png': { file_format: 'png', file_type: 'image', maxBytes: 10 * 1024 * 1024 },
  'image/jpeg': { file_format: 'jpeg', file_type: 'image', maxBytes: 10 * 1024 * 1024 },
  'video/mp4': { file_format: 'mp4', file_type: 'video', maxBytes: 200 * 1024 * 1024 },
} as const;
export type SlideContentType = keyof typeof SLIDE_FILE_KINDS;
export const SLIDE_CONTENT_TYPES = Object.keys(SLIDE_FILE_KINDS) as SlideContentType[];

/** The message for any other file (docs/product/client-area.md §5). */
export const SLIDE_TYPE_MESSAGE = 'Only files of type MP4, PNG, and JPEG are allowed';
