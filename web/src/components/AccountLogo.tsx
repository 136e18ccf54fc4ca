import { Image } from '@aws-amplify/ui-react';

/**
 * An account's logo at its own aspect ratio within a box of at most `maxWidth` × `maxHeight`:
 * scaled down to fit (object-fit contain), never stretched to the width of the column it is in.
 */
export function AccountLogo({
  src,
  name,
  maxWidth = '12rem',
  maxHeight = '4rem',
}: {
  src: string;
  /** The account's name: the image is "{name} logo". */
  name: string;
  maxWidth?: string;
  maxHeight?: string;
}) {
  return (
    <Image
      src={src}
      alt={`${name} logo`}
      objectFit="contain"
      width="auto"
      height="auto"
      maxWidth={maxWidth}
      maxHeight={maxHeight}
      alignSelf="flex-start"
    />
  );
}
