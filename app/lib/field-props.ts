/**
 * The props every server-validated input repeats (decision 004: forms work without JavaScript
 * and the server answers field errors): its `name`, the value it starts from (the echoed value
 * after a refusal) and the server's message for it. Client-safe.
 */

/** The `name`, `defaultValue` and `error` of one field, ready to spread on a Mantine input. */
export type FieldProps<N extends string> = { name: N; defaultValue: string | undefined; error: string | undefined };

/**
 * A function of a field's name giving its `FieldProps`, read from `values` and `errors` (both
 * keyed by field name; missing entries are `undefined`):
 * `const field = fieldProps(values, errors); <TextInput {...field('title')} label={…} />`.
 */
export function fieldProps<N extends string>(
  values: Partial<Record<N, string>>,
  errors: Partial<Record<N, string>>,
): (name: N) => FieldProps<N> {
  return (name) => ({ name, defaultValue: values[name], error: errors[name] });
}
