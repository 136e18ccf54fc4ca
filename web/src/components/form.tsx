import { Button, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError, NETWORK_ERROR } from '../api/client';

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

/**
 * A form resolver that is loaded on first use, with its shared zod schema, instead of with the
 * page: zod is the heaviest library of a form, and the sign-in page must draw before it is needed.
 * It loads at the first validation, or at `preload()` (call it when the form gets focus). A failed
 * load says 'Network error', keeps the form from submitting, and is tried again next time, e.g.
 * `lazyResolver(() => import('…/schemas/auth').then((m) => zodResolver(m.loginSchema)))`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver; the caller's types are kept
type AnyResolver = Resolver<any, any, any>;

export function lazyResolver<R extends AnyResolver>(load: () => Promise<R>): R & { preload: () => void } {
  let loading: Promise<R> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: AnyResolver = async (values, context, options) => {
    let loaded: R;
    try {
      loaded = await loadOnce();
    } catch {
      toast.error(NETWORK_ERROR, { id: NETWORK_ERROR });
      return { values: {}, errors: { root: { type: 'network', message: NETWORK_ERROR } } };
    }
    return loaded(values, context, options);
  };
  return Object.assign(resolver as R, { preload: () => void loadOnce().catch(() => {}) });
}

/**
 * Puts a failed save's field errors under the form's fields (the fetch client has toasted the
 * message already). A 409 without field errors (e.g. a name or e-mail already in use) goes under
 * `conflictField`.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  conflictField?: Path<T>,
): void {
  if (!(error instanceof ApiError)) return;
  const known = new Set<string>(fields);
  let placed = false;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    if (!known.has(field)) continue;
    setError(field as Path<T>, { message });
    placed = true;
  }
  if (!placed && error.status === 409 && conflictField) setError(conflictField, { message: error.message });
}
