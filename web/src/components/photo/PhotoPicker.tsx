import { Avatar, Button, Flex } from '@aws-amplify/ui-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Area } from 'react-easy-crop';
import {
  imageContentTypes,
  maxUploadBytes,
  type ImageContentType,
  type UploadPurpose,
} from '@shared/schemas/uploads';
import { callRoute } from '../../api/call';
import { uploadToPresignedPost } from '../../api/client';
import { uploadRoute } from '../../api/uploads';
import type { Area as ApiArea } from '../../auth/session';
import { PageLoader } from '../PageLoader';
import { cropImage } from './cropImage';

// react-easy-crop loads when a photo has been chosen.
const PhotoCropper = lazy(() => import('./PhotoCropper').then((m) => ({ default: m.PhotoCropper })));

/** A cropped photo waiting to be uploaded on Save. */
export interface PendingPhoto {
  blob: Blob;
  type: ImageContentType;
}

/** The photos this picker takes: a person's, a space's, a screen's. */
export type PhotoPurpose = Extract<UploadPurpose, 'profile-photo' | 'space-photo' | 'screen-photo'>;

/**
 * Uploads a cropped photo through a presigned POST (purpose profile-photo unless told) of the
 * signed-in person's area and returns its object key, to send as `photo_uri`.
 */
export async function uploadPhoto(
  area: ApiArea,
  photo: PendingPhoto,
  purpose: PhotoPurpose = 'profile-photo',
): Promise<string> {
  const { result: ticket } = await callRoute(uploadRoute[area], {
    body: { purpose, content_type: photo.type, size: photo.blob.size },
  });
  await uploadToPresignedPost(ticket, photo.blob, photo.type === 'image/png' ? 'photo.png' : 'photo.jpg');
  return ticket.key;
}

function isImageType(type: string): type is ImageContentType {
  return (imageContentTypes as readonly string[]).includes(type);
}

/**
 * Shows the current photo; 'Change photo' picks a PNG or JPEG, which is cropped to a square
 * before it becomes the pending photo. `label` names the photo ('Profile photo' unless told).
 */
export function PhotoPicker({
  currentUrl,
  fallback,
  onChange,
  label = 'Profile photo',
}: {
  currentUrl: string | null;
  fallback: string;
  onChange: (photo: PendingPhoto) => void;
  label?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ url: string; type: ImageContentType } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => void (source && URL.revokeObjectURL(source.url)), [source]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!isImageType(file.type)) return void toast.error('Only files of type PNG and JPEG are allowed');
    if (file.size > maxUploadBytes['profile-photo']) return void toast.error('The image is larger than 5 MB');
    setSource({ url: URL.createObjectURL(file), type: file.type });
  };

  const crop = async (area: Area) => {
    if (!source) return;
    try {
      const blob = await cropImage(source.url, area, source.type);
      setPreview(URL.createObjectURL(blob));
      onChange({ blob, type: source.type });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The image could not be cropped');
    }
    setSource(null);
  };

  if (source)
    return (
      <Suspense fallback={<PageLoader />}>
        <PhotoCropper src={source.url} onDone={(area) => void crop(area)} onCancel={() => setSource(null)} />
      </Suspense>
    );
  return (
    <Flex alignItems="center" gap="medium">
      <Avatar src={preview ?? currentUrl ?? undefined} alt={label} size="large">
        {fallback}
      </Avatar>
      <Button size="small" onClick={() => input.current?.click()}>
        Change photo
      </Button>
      <input
        ref={input}
        type="file"
        accept={imageContentTypes.join(',')}
        aria-label={`${label} file`}
        hidden
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </Flex>
  );
}
