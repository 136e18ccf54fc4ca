import { Flex, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import {
  configLabels,
  updateConfigItemSchema,
  type ConfigItem,
  type ConfigKind,
} from '@shared/schemas/config';
import { callRoute } from '@web/api/call';
import { ApiError } from '@web/api/client';
import { configKey, configLists } from '@web/api/admin-config';
import { fieldProps, FormActions } from '@web/components/form';
import { StatusField } from './StatusField';

type ItemInput = z.input<typeof updateConfigItemSchema>;
type ItemOutput = z.output<typeof updateConfigItemSchema>;

/**
 * Add or edit one amenity / venue type / space type: Title, and the Active/Inactive toggle
 * only when editing. Saving is blocked while the form has errors.
 */
export function ConfigItemForm({
  kind,
  item,
  onSaved,
  onCancel,
}: {
  kind: ConfigKind;
  item: ConfigItem | null;
  onSaved: (saved: ConfigItem) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const routes = configLists[kind];
  const form = useForm<ItemInput, unknown, ItemOutput>({
    resolver: zodResolver(updateConfigItemSchema),
    mode: 'onTouched',
    defaultValues: { title: item?.title ?? '', status: item?.status ?? 'Active' },
  });
  const { control, handleSubmit, setError } = form;

  const save = handleSubmit(async (values) => {
    try {
      const reply = item
        ? await callRoute(routes.update, {
            params: { id: item.id },
            body: { title: values.title, status: values.status },
          })
        : await callRoute(routes.create, { body: { title: values.title } });
      toast.success(reply.message ?? `${configLabels[kind].singular} ${item ? 'updated' : 'created'}`);
      await mutate(configKey(kind));
      onSaved(reply.result);
    } catch (error) {
      // Toasted by the fetch client; a title error (or a duplicate, 409) also goes under the field.
      if (!(error instanceof ApiError)) return;
      const titleError = error.fields?.title ?? (error.status === 409 ? error.message : undefined);
      if (titleError) setError('title', { message: titleError });
    }
  });

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={save}>
      <TextField label="Title" isRequired maxLength={80} {...fieldProps(form, 'title')} />
      {item && <StatusField control={control} name="status" />}
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
