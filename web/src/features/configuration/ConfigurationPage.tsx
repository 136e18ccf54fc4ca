import { Flex, Heading, Tabs } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router-dom';
import { BannersTab } from './BannersTab';
import { ConfigTab } from './ConfigTab';
import { PackagesTab } from './PackagesTab';
import { configTabs, type ConfigTabSlug } from './tabs';

/** /admin/configuration/{tab}: one tab per configuration list, the tab chosen by the path. */
export function ConfigurationPage({ tab }: { tab: ConfigTabSlug }) {
  const navigate = useNavigate();
  const current = configTabs.find((t) => t.slug === tab) ?? configTabs[0];
  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Configuration</Heading>
      <Tabs.Container value={tab} onValueChange={(value) => navigate(`/admin/configuration/${value}`)}>
        <Tabs.List>
          {configTabs.map((t) => (
            <Tabs.Item key={t.slug} value={t.slug}>
              {t.label}
            </Tabs.Item>
          ))}
        </Tabs.List>
        <Tabs.Panel value={current.slug} paddingTop="medium">
          {current.view === 'packages' ? (
            <PackagesTab />
          ) : current.view === 'banners' ? (
            <BannersTab />
          ) : (
            <ConfigTab key={current.view} kind={current.view} />
          )}
        </Tabs.Panel>
      </Tabs.Container>
    </Flex>
  );
}
