/** The spec's field messages (docs/product/client-area.md §5, docs/product/admin-and-auth.md §8). */
export const messages = {
  required: 'Field is required',
  email: 'Field should be an email address',
  sameAs: (other: string) => `Field should be same as ${other}`,
  min: (n: number) => `Field should be larger than ${n}`,
  max: (n: number) => `Field should be smaller than ${n}`,
  maxLength: (n: number) => `Field should be less than ${n} characters`,
  invalid: 'Invalid value',
  unknownField: 'Unknown field',
  password:
    'Password must be at least 8 characters, and contain 1 number, 1 uppercase character, and 1 lowercase character',
} as const;
