import { Button, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';

type FormLike<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'formState'>;

/**
 * The props that bind an Amplify field to a react-hook-form field: `register(name)` plus the
 * field's error state, e.g. `<TextField label="Phone" {...fieldProps(form, 'phone_no')} />`.
 */
export function fieldProps<T extends FieldValues, N extends Path<T>>(
  form: FormLike<T>,
  name: N,
  options?: RegisterOptions<T, N>,
) {
  const error = get(form.formState.errors, name) as FieldError | undefined;
  return { ...form.register(name, options), hasError: !!error, errorMessage: error?.message };
}

/** A form's Submit and Cancel row; Submit is blocked while the form has errors. */
export function FormActions<T extends FieldValues>({
  form,
  onCancel,
  children,
}: {
  form: Pick<FormLike<T>, 'formState'>;
  onCancel: () => void;
  /** The submit button's label. */
  children: ReactNode;
}) {
  const { errors, isSubmitting } = form.formState;
  return (
    <Flex gap="small">
      <Button
        type="submit"
        variation="primary"
        isDisabled={Object.keys(errors).length > 0}
        isLoading={isSubmitting}
        loadingText="Saving"
      >
        {children}
      </Button>
      <Button onClick={onCancel}>Cancel</Button>
    </Flex>
  );
}
