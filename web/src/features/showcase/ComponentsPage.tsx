import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  PasswordField,
  Text,
  TextField,
  View,
} from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import * as z from 'zod';
import type { Banner } from '@shared/schemas/banners';
import { email, optionalText, password, requiredText, type Status } from '@shared/schemas/common';
import { systemRoutes } from '@shared/api/system-routes';
import { callRoute } from '../../api/call';
import { BannerCard } from '../../components/Banners';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { DetailRow } from '../../components/DetailRow';
import { fieldProps, FormActions } from '../../components/form';
import { LoadFailed } from '../../components/LoadFailed';
import { PageLoader } from '../../components/PageLoader';
import { RowMenu } from '../../components/RowMenu';
import { SidePanel } from '../../components/SidePanel';
import { StatusBadge } from '../../components/StatusBadge';
import { StatusSwitch } from '../../components/StatusSwitch';

/** The sample form: the spec's rules and messages, from the shared schemas the API uses too. */
const sampleSchema = z.object({
  name: requiredText(30),
  email,
  password,
  phone: optionalText(20),
});
type SampleInput = z.input<typeof sampleSchema>;

interface SampleRoom {
  id: number;
  name: string;
  venue: string;
  capacity: number;
  status: Status;
}

const venues = ['Harbour Halls', 'Riverside Centre', 'Orchard House'];
const sampleRooms: SampleRoom[] = Array.from({ length: 24 }, (_, i) => ({
  id: i + 1,
  name: `Room ${String(i + 1).padStart(2, '0')}`,
  venue: venues[i % venues.length]!,
  capacity: 8 + ((i * 7) % 40),
  status: i % 5 === 0 ? 'Inactive' : 'Active',
}));

const sampleBanner: Banner = {
  id: 'sample',
  title: 'Planned maintenance',
  message: 'The screens update on Sunday between 02:00 and 03:00.',
  expiration_date: '2099-12-31',
  on_login_page: false,
  for_login_page: false,
  for_packages: '',
  hideable: true,
  position: 'top-center',
  status: 'Active',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

const column = createColumnHelper<SampleRoom>();

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card as="section" variation="outlined" aria-label={title}>
      <Flex direction="column" gap="medium">
        <Heading level={2} fontSize="large">
          {title}
        </Heading>
        {children}
      </Flex>
    </Card>
  );
}

type Panel = 'closed' | 'add' | 'details' | 'edit';

/**
 * /components (docs/product/client-area.md §2): the kit the pages are built from, each piece the real component
 * with sample data, working as it does on the pages, so that a new developer sees it in one place.
 */
export function ComponentsPage() {
  const [panel, setPanel] = useState<Panel>('closed');
  const [confirming, setConfirming] = useState(false);
  const [answer, setAnswer] = useState('No answer yet');
  const [status, setStatus] = useState<Status>('Active');
  const [rooms, setRooms] = useState(sampleRooms);
  const [bannerShown, setBannerShown] = useState(true);
  const [retrying, setRetrying] = useState(false);
  const form = useForm<SampleInput>({
    resolver: zodResolver(sampleSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '', phone: '' },
  });
  const submit = form.handleSubmit(() => {
    toast.success('Saved');
  });

  const columns = [
    column.accessor('name', { header: 'Name' }),
    column.accessor('venue', { header: 'Venue' }),
    column.accessor('capacity', { header: 'Capacity' }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row }) => (
        <StatusSwitch
          status={row.original.status}
          label={`Status of ${row.original.name}`}
          save={async (next) => {
            setRooms((list) => list.map((r) => (r.id === row.original.id ? { ...r, status: next } : r)));
            toast.success(`${row.original.name} is ${next}`);
          }}
        />
      ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <RowMenu
          label={`Actions for ${row.original.name}`}
          items={[
            { label: 'Details', onClick: () => setPanel('details') },
            { label: 'Edit', onClick: () => setPanel('edit') },
          ]}
        />
      ),
    }),
  ];

  const sendRequest = async () => {
    try {
      const reply = await callRoute(systemRoutes['get-health']);
      toast.success(`The API answered: ${reply.result.status}`);
    } catch {
      // Toasted by the fetch client.
    }
  };

  return (
    <Flex direction="column" gap="large" padding="large" maxWidth="72rem" margin="0 auto">
      <Flex direction="column" gap="xs">
        <Heading level={1}>Components</Heading>
        <Text color="font.secondary">
          The pieces the pages of Spaces are built from, each working with sample data.
        </Text>
      </Flex>

      <Section title="Buttons">
        <Flex gap="small" wrap="wrap">
          <Button variation="primary" onClick={() => toast.success('Primary pressed')}>
            Primary
          </Button>
          <Button onClick={() => toast.info('Default pressed')}>Default</Button>
          <Button variation="link" onClick={() => toast.info('Link pressed')}>
            Link
          </Button>
          <Button variation="destructive" onClick={() => setConfirming(true)}>
            Delete…
          </Button>
          <Button isDisabled>Disabled</Button>
          <Button isLoading loadingText="Saving">
            Saving
          </Button>
        </Flex>
      </Section>

      <Section title="Fields and their messages">
        <Flex
          as="form"
          direction="column"
          gap="medium"
          maxWidth="28rem"
          noValidate
          onSubmit={submit}
          aria-label="Sample form"
        >
          <TextField label="Name" isRequired maxLength={31} {...fieldProps(form, 'name')} />
          <TextField label="E-mail" type="email" isRequired {...fieldProps(form, 'email')} />
          <PasswordField
            label="Password"
            isRequired
            autoComplete="new-password"
            {...fieldProps(form, 'password')}
          />
          <TextField label="Phone" type="tel" {...fieldProps(form, 'phone')} />
          <FormActions form={form} onCancel={() => form.reset()}>
            Save
          </FormActions>
        </Flex>
      </Section>

      <Section title="Toggles and badges">
        <Flex gap="large" alignItems="center" wrap="wrap">
          <StatusSwitch
            status={status}
            label="Sample status"
            save={async (next) => {
              setStatus(next);
              toast.success(`Status is ${next}`);
            }}
          />
          <StatusBadge status={status} />
          <Badge variation="info">Admin</Badge>
        </Flex>
      </Section>

      <Section title="Toasts">
        <Flex gap="small" wrap="wrap">
          <Button onClick={() => toast.success('User created')}>Success toast</Button>
          <Button onClick={() => toast.error('This e-mail address is already in use')}>Error toast</Button>
        </Flex>
      </Section>

      <Section title="Progress bar">
        <Text>A thin bar at the top of the window while requests are under way.</Text>
        <Button alignSelf="flex-start" onClick={() => void sendRequest()}>
          Send a request
        </Button>
      </Section>

      <Section title="Side panel">
        <Flex gap="small" wrap="wrap">
          <Button onClick={() => setPanel('add')}>Open to add</Button>
          <Button onClick={() => setPanel('details')}>Open details</Button>
        </Flex>
      </Section>

      <Section title="Data table">
        <View overflow="auto">
          <DataTable data={rooms} columns={columns} label="Rooms" emptyText="No rooms found" />
        </View>
      </Section>

      <Section title="Confirmation dialog">
        <Button alignSelf="flex-start" onClick={() => setConfirming(true)}>
          Ask
        </Button>
        <Text>{answer}</Text>
      </Section>

      <Section title="Banner">
        {bannerShown ? (
          <BannerCard banner={sampleBanner} onDismiss={() => setBannerShown(false)} />
        ) : (
          <Button alignSelf="flex-start" onClick={() => setBannerShown(true)}>
            Show the banner again
          </Button>
        )}
      </Section>

      <Section title="Loading and failure">
        <PageLoader />
        <LoadFailed
          title="Could not load the rooms"
          reason="Network error"
          note="Nothing was lost. Try again when the connection is back."
          retrying={retrying}
          onRetry={() => {
            setRetrying(true);
            setTimeout(() => setRetrying(false), 800);
          }}
        />
      </Section>

      {panel !== 'closed' && (
        <SidePanel
          title={panel === 'add' ? 'Add room' : panel === 'edit' ? 'Edit room' : 'Room 01'}
          onClose={() => setPanel('closed')}
        >
          {panel === 'details' ? (
            <Flex direction="column" gap="medium">
              <Flex as="dl" direction="column" gap="small" margin="0">
                <DetailRow label="Venue">Harbour Halls</DetailRow>
                <DetailRow label="Capacity">8</DetailRow>
              </Flex>
              <Button variation="primary" alignSelf="flex-start" onClick={() => setPanel('edit')}>
                Edit
              </Button>
            </Flex>
          ) : (
            <Flex direction="column" gap="medium">
              <TextField label="Room name" defaultValue={panel === 'edit' ? 'Room 01' : ''} />
              <Flex gap="small">
                <Button
                  variation="primary"
                  onClick={() => {
                    toast.success(panel === 'add' ? 'Room created' : 'Room updated');
                    setPanel('details');
                  }}
                >
                  Save
                </Button>
                <Button onClick={() => setPanel(panel === 'edit' ? 'details' : 'closed')}>Cancel</Button>
              </Flex>
            </Flex>
          )}
        </SidePanel>
      )}

      {confirming && (
        <ConfirmDialog
          message="Delete this slide?"
          onConfirm={() => {
            setConfirming(false);
            setAnswer('You answered Yes');
          }}
          onCancel={() => {
            setConfirming(false);
            setAnswer('You answered No');
          }}
        />
      )}
    </Flex>
  );
}
