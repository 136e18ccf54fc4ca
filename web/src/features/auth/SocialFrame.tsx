import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { loginButtons } from '@shared/social';
import type { Area } from '../../auth/session';

/** The social sign-in buttons under the login form, after an 'or'. */
export function SocialFrame({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" gap="small">
      <Text textAlign="center" color="font.secondary">
        or
      </Text>
      {children}
    </Flex>
  );
}

/**
 * The room the area's social buttons will take, unseen, while their code and the broker's
 * configuration load: the form does not move when they appear.
 */
export function SocialPlaceholder({ area }: { area: Area }) {
  return (
    <div style={{ visibility: 'hidden' }} aria-hidden="true">
      <SocialFrame>
        {loginButtons[area].map((provider) => (
          <Button key={provider} tabIndex={-1}>
            {provider}
          </Button>
        ))}
      </SocialFrame>
    </div>
  );
}
