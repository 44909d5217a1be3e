import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/** What heads the generated file, so that nobody edits it by hand. */
export const GENERATED_HEADER =
  "// Generated from the service's /v1/openapi.json by openapi-typescript. Do not edit:\n" +
  '// regenerate with `npx -y pnpm@10.34.9 client:generate` (packages/client/README.md).\n';

/**
 * The TypeScript types (`paths`, `components`, `operations`) of an OpenAPI 3.1 document, as
 * the text of a module. The client's `src/generated/openapi.ts` is this function's output for
 * the document the server serves; a test regenerates it and fails when the two differ.
 *
 * @example
 * const doc = await (await fetch('http://127.0.0.1:3000/v1/openapi.json')).json();
 * writeFileSync('openapi.ts', await openapiToTypes(doc));
 */
export async function openapiToTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, { alphabetize: true });
  return GENERATED_HEADER + astToString(ast);
}
