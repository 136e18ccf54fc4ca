import { Button, Flex, Image, Text } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { imageContentTypes, maxUploadBytes, type ImageContentType } from '@shared/schemas/uploads';
import { callRoute } from '../api/call';
import { uploadToPresignedPost } from '../api/client';
import { uploadRoute } from '../api/uploads';
import type { Area } from '../auth/session';

/** A logo chosen in the form, uploaded on Save. */
export interface PendingLogo {
  file: Blob;
  type: ImageContentType;
  name: string;
}

const maxMegabytes = maxUploadBytes['account-logo'] / (1024 * 1024);

function isImageType(type: string): type is ImageContentType {
  return (imageContentTypes as readonly string[]).includes(type);
}

/**
 * Uploads a logo through a presigned POST (purpose account-logo) of the signed-in person's area
 * and returns its object key.
 */
export async function uploadLogo(logo: PendingLogo, area: Area): Promise<string> {
  const { result: ticket } = await callRoute(uploadRoute[area], {
    body: { purpose: 'account-logo', content_type: logo.type, size: logo.file.size },
  });
  await uploadToPresignedPost(ticket, logo.file, logo.name);
  return ticket.key;
}

/**
 * The account's logo: the current one (or none) and 'Choose logo', which takes a PNG or JPEG of
 * at most 2 MB and shows it until Save uploads it. Logos keep their shape: no cropping.
 */
export function LogoPicker({
  currentUrl,
  accountName,
  onChange,
}: {
  currentUrl: string | null;
  accountName: string;
  onChange: (logo: PendingLogo) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!isImageType(file.type)) return void toast.error('Only files of type PNG and JPEG are allowed');
    if (file.size > maxUploadBytes['account-logo'])
      return void toast.error(`The image is larger than ${maxMegabytes} MB`);
    setPreview(URL.createObjectURL(file));
    onChange({
      file,
      type: file.type,
      name: file.name || (file.type === 'image/png' ? 'logo.png' : 'logo.jpg'),
    });
  };

  const shown = preview ?? currentUrl;
  return (
    <Flex direction="column" gap="xs">
      <Text id={labelId}>Logo</Text>
      <Flex alignItems="center" gap="medium">
        {shown ? (
          <Image src={shown} alt={`${accountName || 'Account'} logo`} maxHeight="3rem" width="auto" />
        ) : (
          <Text color="font.secondary">No logo</Text>
        )}
        <Button size="small" onClick={() => input.current?.click()} aria-describedby={labelId}>
          Choose logo
        </Button>
        <input
          ref={input}
          type="file"
          accept={imageContentTypes.join(',')}
          aria-label="Logo file"
          hidden
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Flex>
      <Text fontSize="small" color="font.secondary">
        PNG or JPEG, at most {maxMegabytes} MB.
      </Text>
    </Flex>
  );
}
