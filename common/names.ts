// Name conversions between schema file names (kebab), JSON fields (camel),
// SQL identifiers (snake) and TypeScript types (Pascal).
export const kebabToCamel = (s: string) => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const kebabToSnake = (s: string) => s.replace(/-/g, '_');
export const camelToSnake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
export const snakeToCamel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const kebabToPascal = (s: string) => {
  const c = kebabToCamel(s);
  return c.charAt(0).toUpperCase() + c.slice(1);
};
