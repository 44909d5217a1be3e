/** The form of a UUID, 8-4-4-4-12 hexadecimal digits of any version and any case, as regular-expression text. */
export const UUID_FORM = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

const WHOLE = new RegExp(`^${UUID_FORM}$`);

/** Whether `value` is a UUID in form (not whether it names anything). */
export const isUuidForm = (value: string): boolean => WHOLE.test(value);
