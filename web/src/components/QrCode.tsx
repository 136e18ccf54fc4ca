import { Loader, View } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';

/** The dark modules of a QR code, as one SVG path of unit squares. */
interface Drawn {
  size: number;
  path: string;
}

/**
 * A QR code of `text`, drawn as SVG elements by React from the module matrix of `qrcode` (loaded
 * with the first one shown): no canvas, no data: URL for the content security policy to allow,
 * and a quiet zone of four modules around it, as the standard asks.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ create }) => {
      const { modules } = create(text, { errorCorrectionLevel: 'M' });
      const squares: string[] = [];
      for (let row = 0; row < modules.size; row++) {
        for (let col = 0; col < modules.size; col++) {
          if (modules.get(row, col)) squares.push(`M${col + 4} ${row + 4}h1v1h-1z`);
        }
      }
      if (live) setDrawn({ size: modules.size + 8, path: squares.join('') });
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!drawn) {
    return (
      <View width={`${size}px`} height={`${size}px`}>
        <Loader />
      </View>
    );
  }
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${drawn.size} ${drawn.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={drawn.size} height={drawn.size} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}
