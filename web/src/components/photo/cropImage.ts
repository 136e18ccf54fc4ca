import type { Area } from 'react-easy-crop';
import type { ImageContentType } from '@shared/schemas/uploads';

/** Largest side of a stored profile photo, in pixels. */
const MAX_SIDE = 512;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/** Cuts `area` (in source pixels) out of the image at `src`, scaled to at most 512 px a side. */
export async function cropImage(src: string, area: Area, type: ImageContentType): Promise<Blob> {
  const image = await loadImage(src);
  const scale = Math.min(1, MAX_SIDE / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.width * scale);
  canvas.height = Math.round(area.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The image could not be cropped');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be cropped'))),
      type,
      0.9,
    );
  });
}
