import { CheckboxField, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { CALENDAR_COLORS } from '@shared/venues';

/** Fields of the Venues area's forms that a plain `register` cannot bind. */

/**
 * A select whose value is controlled: its choices may arrive after the form is drawn (time zones,
 * types, venues), and the value must show once they do.
 */
export function ControlledSelect<T extends FieldValues, O>({
  control,
  name,
  label,
  isRequired,
  placeholder,
  isDisabled,
  onChosen,
  children,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  isRequired?: boolean;
  placeholder?: string;
  isDisabled?: boolean;
  /** Called with the chosen value after the field takes it. */
  onChosen?: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          label={label}
          isRequired={isRequired}
          placeholder={placeholder}
          isDisabled={isDisabled}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            onChosen?.(event.target.value);
          }}
          onBlur={field.onBlur}
          hasError={!!fieldState.error}
          errorMessage={fieldState.error?.message}
        >
          {children}
        </SelectField>
      )}
    />
  );
}

/** A multi-select as a group of checkboxes: the field holds the chosen ids. */
export function CheckboxGroup<T extends FieldValues, O>({
  control,
  name,
  legend,
  items,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  legend: string;
  items: readonly { id: string; title: string }[] | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = new Set(Array.isArray(field.value) ? (field.value as string[]) : []);
        const toggle = (id: string, on: boolean) => {
          const next = new Set(chosen);
          if (on) next.add(id);
          else next.delete(id);
          field.onChange([...next]);
        };
        return (
          <Flex as="fieldset" direction="column" gap="xxs" padding="0" margin="0" style={{ border: 'none' }}>
            <Text as="legend" padding="0" marginBottom="xxs">
              {legend}
            </Text>
            {!items ? (
              <Text fontSize="small" color="font.secondary">
                Loading…
              </Text>
            ) : items.length === 0 ? (
              <Text fontSize="small" color="font.secondary">
                None to choose from yet.
              </Text>
            ) : (
              <Flex wrap="wrap" columnGap="medium" rowGap="xxs">
                {items.map((item) => (
                  <CheckboxField
                    key={item.id}
                    label={item.title}
                    name={`${field.name}.${item.id}`}
                    value={item.id}
                    checked={chosen.has(item.id)}
                    onChange={(event) => toggle(item.id, event.target.checked)}
                  />
                ))}
              </Flex>
            )}
            {fieldState.error && (
              <Text fontSize="small" color="font.error">
                {fieldState.error.message}
              </Text>
            )}
          </Flex>
        );
      }}
    />
  );
}

/** The 22-colour palette as swatches, one chosen (docs/product/client-area.md §9); each says its name. */
export function ColourPalette<T extends FieldValues, O>({
  control,
  name,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Flex as="fieldset" direction="column" gap="xxs" padding="0" margin="0" style={{ border: 'none' }}>
          <Text as="legend" padding="0" marginBottom="xxs">
            Calendar colour
          </Text>
          <Flex wrap="wrap" gap="xs">
            {CALENDAR_COLORS.map((colour) => {
              const checked =
                (field.value as string | undefined)?.toLowerCase() === colour.value.toLowerCase();
              return (
                <input
                  key={colour.value}
                  type="radio"
                  name={field.name}
                  value={colour.value}
                  checked={checked}
                  onChange={() => field.onChange(colour.value)}
                  aria-label={colour.name}
                  title={colour.name}
                  style={{
                    appearance: 'none',
                    width: '1.75rem',
                    height: '1.75rem',
                    margin: 0,
                    borderRadius: 'var(--amplify-radii-small)',
                    backgroundColor: colour.value,
                    cursor: 'pointer',
                    outline: checked ? '3px solid var(--amplify-colors-font-primary)' : undefined,
                    outlineOffset: '2px',
                  }}
                />
              );
            })}
          </Flex>
        </Flex>
      )}
    />
  );
}

/** `register` options of a number field: blank is none, anything else a number (the schema checks it). */
export const asNumber = {
  setValueAs: (value: unknown) =>
    value === '' || value === null || value === undefined ? undefined : Number(value),
};
