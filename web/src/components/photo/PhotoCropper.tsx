import { Button, Flex, SliderField, View } from '@aws-amplify/ui-react';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

/** Square crop of a chosen photo with a zoom slider; `onDone` receives the crop in source pixels. */
export function PhotoCropper({
  src,
  onDone,
  onCancel,
}: {
  src: string;
  onDone: (area: Area) => void;
  onCancel: () => void;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <Flex direction="column" gap="small" aria-label="Crop photo" role="group">
      <View position="relative" height="16rem" backgroundColor="neutral.100">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_area, pixels) => setArea(pixels)}
        />
      </View>
      <SliderField label="Zoom" min={1} max={3} step={0.1} value={zoom} onChange={setZoom} />
      <Flex gap="small">
        <Button variation="primary" isDisabled={!area} onClick={() => area && onDone(area)}>
          Use photo
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Flex>
    </Flex>
  );
}
