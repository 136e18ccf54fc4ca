import { Button, Flex, Heading, View } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A side panel (drawer) on the right: a dialog labelled by its heading, closed by its Close
 * button or Escape. Focus moves to the heading when it opens. Escape pressed in a `<dialog>` over
 * the panel (a question such as 'Delete this slide?', a preview) is that dialog's alone.
 */
export function SidePanel({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <View
      as="section"
      role="dialog"
      aria-labelledby={titleId}
      position="fixed"
      top="0"
      right="0"
      height="100vh"
      width={{ base: '100%', medium: '30rem' }}
      backgroundColor="background.primary"
      boxShadow="large"
      padding="large"
      overflow="auto"
      style={{ zIndex: 20 }}
    >
      <Flex justifyContent="space-between" alignItems="center" marginBottom="medium">
        <Heading level={2} id={titleId} ref={headingRef} tabIndex={-1}>
          {title}
        </Heading>
        <Button variation="link" size="small" onClick={onClose}>
          Close
        </Button>
      </Flex>
      {children}
    </View>
  );
}
